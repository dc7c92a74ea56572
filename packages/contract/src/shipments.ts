import { z } from 'zod';
import { incomingBatchInputSchema } from './availability.js';
import { carrierSchema, trackingNumberSchema } from './fulfilment.js';
import { idSchema } from './fields.js';

/**
 * Partial shipments (issue 53): an order leaves in shipments, each with its lines, carrier and
 * tracking; what has not left waits for its batch or lead time.
 */

const optionalText = (schema: z.ZodString) =>
  z.preprocess(
    (value) => (typeof value === 'string' && value.trim() === '' ? undefined : value),
    schema.optional(),
  );

/** At most this many lines in one shipment request (an order's lines are capped lower). */
export const SHIPMENT_LINES_MAX = 200;
const QUANTITY_MESSAGE = 'Quantity must be a whole number of 1 or more';

export const ShipmentLineInputSchema = z.object({
  toolId: idSchema,
  quantity: z
    .number({ error: QUANTITY_MESSAGE })
    .int(QUANTITY_MESSAGE)
    .min(1, QUANTITY_MESSAGE)
    .max(10_000_000, QUANTITY_MESSAGE),
});

/** POST /order/{id}/shipments: no `lines` ships everything on hand that has not shipped. */
export const CreateShipmentSchema = z.object({
  lines: z
    .array(ShipmentLineInputSchema, { error: 'Lines must be a list of { toolId, quantity }' })
    .min(1, 'Give at least one line, or leave lines out to ship everything on hand')
    .max(SHIPMENT_LINES_MAX, `At most ${SHIPMENT_LINES_MAX} lines`)
    .optional(),
  carrier: optionalText(carrierSchema),
  trackingNumber: optionalText(trackingNumberSchema),
});
export type CreateShipmentInput = z.input<typeof CreateShipmentSchema>;

export const ShipmentParamsSchema = z.object({ id: idSchema, shipmentId: idSchema });

/** POST /tool/{id}/batches/receive: the batch by its expected date, and what actually arrived. */
export const ReceiveBatchSchema = z.object({
  expectedDate: incomingBatchInputSchema.shape.expectedDate,
  quantity: z
    .number({ error: 'Quantity received must be a whole number of 0 or more' })
    .int('Quantity received must be a whole number of 0 or more')
    .min(0, 'Quantity received must be a whole number of 0 or more')
    .max(10_000_000, 'Quantity received is too large'),
});
export type ReceiveBatchInput = z.input<typeof ReceiveBatchSchema>;

/** One shipment as the API shows it; `trackingUrl` for a known carrier. */
export const ShipmentSchema = z.object({
  _id: z.string(),
  lines: z.array(z.object({ toolId: z.string(), name: z.string(), quantity: z.number().int() })),
  carrier: z.string().optional(),
  trackingNumber: z.string().optional(),
  trackingUrl: z.string().optional(),
  shippedAt: z.string(),
  deliveredAt: z.string().optional(),
});
export type Shipment = z.infer<typeof ShipmentSchema>;

/** What has not shipped: `now` units on hand, the rest on their promised days (`YYYY-MM-DD`). */
export const ToShipSchema = z.object({
  now: z.number().int(),
  later: z.array(z.object({ quantity: z.number().int(), shipDate: z.string() })),
});
export type ToShip = z.infer<typeof ToShipSchema>;

/** The answer of receiving a batch: the tool's stock after, and what moved. */
export const BatchReceiptSchema = z.object({
  availableQuantity: z.number().int(),
  served: z.number().int(),
  stockAdded: z.number().int(),
  /** Orders whose promised date moved (their buyers were emailed the new date). */
  moved: z.array(
    z.object({ orderId: z.string(), quantity: z.number().int(), from: z.string(), to: z.string() }),
  ),
});
export type BatchReceipt = z.infer<typeof BatchReceiptSchema>;

/** "600 now, 300 from 15 Dec, 100 from 19 Dec" (`formatDay` gives the dates). */
export function describeToShip(toShip: ToShip, formatDay: (day: string) => string): string {
  const parts = [
    ...(toShip.now > 0 ? [`${toShip.now.toLocaleString('en-US')} now`] : []),
    ...toShip.later.map(
      (l) => `${l.quantity.toLocaleString('en-US')} from ${formatDay(l.shipDate)}`,
    ),
  ];
  return parts.join(', ');
}
