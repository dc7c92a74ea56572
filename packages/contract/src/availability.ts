import { z } from 'zod';
import { addDays, type IncomingBatch, type LineShipment } from './stock-plan.js';
import { formatCount } from './format.js';

/**
 * Available to promise (issue 25): the schemas of a tool's availability fields. The arithmetic
 * is in stock-plan.ts (zod-free, so the client's first pages do not load zod), re-exported here.
 */
export * from './stock-plan.js';

const DAY = /^\d{4}-\d{2}-\d{2}$/;
const isRealDay = (value: string) =>
  DAY.test(value) &&
  new Date(Date.parse(`${value}T00:00:00Z`) || 0).toISOString().startsWith(value);
const EXPECTED_DATE_MESSAGE = 'Expected date must be a date like 2027-03-31';

export const LEAD_TIME_MAX_DAYS = 365;
export const INCOMING_BATCHES_MAX = 12;
/** How far ahead a batch may be planned: two years. */
export const BATCH_HORIZON_DAYS = 730;
export const BATCH_QUANTITY_MAX = 10_000_000;

const LEAD_TIME_MESSAGE = `Lead time must be a whole number of days from 1 to ${LEAD_TIME_MAX_DAYS}`;
const BATCH_QUANTITY_MESSAGE = 'Batch quantity must be a whole number of 1 or more';

export const leadTimeDaysSchema = z
  .number({ error: LEAD_TIME_MESSAGE })
  .int(LEAD_TIME_MESSAGE)
  .min(1, LEAD_TIME_MESSAGE)
  .max(LEAD_TIME_MAX_DAYS, LEAD_TIME_MESSAGE);

export const incomingBatchInputSchema = z.object({
  quantity: z
    .number({ error: BATCH_QUANTITY_MESSAGE })
    .int(BATCH_QUANTITY_MESSAGE)
    .min(1, BATCH_QUANTITY_MESSAGE)
    .max(BATCH_QUANTITY_MAX, `Batch quantity must be ${formatCount(BATCH_QUANTITY_MAX)} or less`),
  expectedDate: z.string({ error: EXPECTED_DATE_MESSAGE }).refine(isRealDay, EXPECTED_DATE_MESSAGE),
});
export type IncomingBatchInput = z.infer<typeof incomingBatchInputSchema>;

export const incomingStockSchema = z
  .array(incomingBatchInputSchema, { error: 'Incoming stock must be a list of batches' })
  .max(INCOMING_BATCHES_MAX, `At most ${INCOMING_BATCHES_MAX} incoming batches`)
  .refine(
    (batches) => new Set(batches.map((b) => b.expectedDate)).size === batches.length,
    'Two batches are expected on the same day: give them as one',
  );

/** The catalogue fields of availability, on POST /addtools, PUT /tool/{id} and the import. */
export const availabilityFields = {
  /** Days to make more; null (or absent on create) when the tool cannot be made to order. */
  leadTimeDays: leadTimeDaysSchema.nullable().optional(),
  allowBackorders: z.boolean({ error: 'Allow backorders must be true or false' }).optional(),
  incomingStock: incomingStockSchema.optional(),
};

/**
 * Batch dates from today up to the planning horizon; a batch already stored may keep its date
 * once that day has passed (it is late, and still promised), so the tool stays editable. The
 * server's rule (its clock); the problems name the batch by its index.
 */
export function batchDateProblems(
  batches: readonly IncomingBatchInput[] | undefined,
  storedDates: readonly string[],
  today: string,
): { index: number; message: string }[] {
  const horizon = addDays(today, BATCH_HORIZON_DAYS);
  return (batches ?? []).flatMap((batch, index) => {
    if (batch.expectedDate < today && !storedDates.includes(batch.expectedDate))
      return [{ index, message: 'Expected date cannot be in the past' }];
    if (batch.expectedDate > horizon)
      return [{ index, message: 'Expected date must be within two years' }];
    return [];
  });
}

export const batchPromisedMessage = (expectedDate: string, promised: number) =>
  `${formatCount(promised)} units of the batch expected ${expectedDate} are promised to orders: keep at least that many on that date`;

/** A batch as the API shows it: `promised` units of it are already held for orders. */
export const IncomingBatchSchema = z.object({
  quantity: z.number().int(),
  expectedDate: z.string(),
  promised: z.number().int(),
}) satisfies z.ZodType<IncomingBatch>;

/** One part of an order line as the API shows it: how many ship on which day. */
export const LineShipmentSchema = z.object({
  quantity: z.number().int(),
  /** `YYYY-MM-DD`: the day it ships (the order's day for stock) or the promised day. */
  shipDate: z.string(),
  /** Not in stock when ordered: promised from an incoming batch or the lead time. */
  backordered: z.boolean(),
}) satisfies z.ZodType<LineShipment>;
