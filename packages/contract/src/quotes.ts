import { shipToFields } from './tax.js';
import { z } from 'zod';
import { blankAsUndefined, idSchema, plainText } from './fields.js';
import { poReferenceSchema } from './cart.js';
import {
  expectedPriceSchema,
  orderAddressSchema,
  orderPhoneSchema,
  orderUserNameSchema,
} from './orders.js';
import { formatCount } from './format.js';

/**
 * Requests for quote. A buyer asks for prices on some lines (quantities may exceed the stock);
 * an admin offers a unit price per line until a date, or declines; the buyer accepts the offer,
 * which becomes an order at those prices. `expired` is never stored: it is an offer past its
 * `validUntil`, judged when read.
 */
export const QUOTE_STATUSES = ['requested', 'offered', 'declined', 'accepted', 'expired'] as const;
export const QuoteStatusSchema = z.enum(QUOTE_STATUSES);
export type QuoteStatus = z.infer<typeof QuoteStatusSchema>;

export const QUOTE_MAX_LINES = 20;
export const QUOTE_QUANTITY_MAX = 10_000_000;
export const QUOTE_MESSAGE_MAX = 2000;
export const QUOTE_NOTE_MAX = 1000;

export const QuoteLineSchema = z.object({
  toolId: z.string(),
  name: z.string(),
  quantity: z.number().int(),
  /** The catalogue's (tiered) unit price for this quantity when the quote was requested. */
  listUnitPrice: z.number(),
  /** The offered unit price, once offered. */
  unitPrice: z.number().optional(),
  /** The tool's stock now; in the admins' list only, so an offer is never beyond it. */
  availableQuantity: z.number().int().optional(),
});
export type QuoteLine = z.infer<typeof QuoteLineSchema>;

export const QuoteSchema = z.object({
  _id: z.string(),
  /** Sequential from 100001: `Q-100012`. */
  number: z.string(),
  status: QuoteStatusSchema,
  items: z.array(QuoteLineSchema).min(1),
  requestedDeliveryDate: z.string().optional(),
  message: z.string(),
  userName: z.string(),
  userEmail: z.string(),
  userPhone: z.string(),
  userAddress: z.string(),
  /** The buyer's company when they asked as a member of one: its prices explain the lines. */
  companyId: z.string().optional(),
  /** The last day (UTC) the offer can be accepted. */
  validUntil: z.string().optional(),
  /** The offered total in dollars, once offered. */
  total: z.number().optional(),
  /**
   * 0 until offered; every offer adds 1. The buyer's acceptance sends the version it showed, and
   * a different one is a 409 PRICE_CHANGED.
   */
  version: z.number().int(),
  /** The admin's note to the buyer with the offer. */
  offerNote: z.string().optional(),
  declineReason: z.string().optional(),
  /** The order the accepted quote became. */
  orderId: z.string().optional(),
  createdAt: z.string(),
});
export type Quote = z.infer<typeof QuoteSchema>;

const DATE = /^\d{4}-\d{2}-\d{2}$/;
/** Shape and calendar: `Date` turns 2027-02-30 into March 2, and 2027-13-01 into NaN. */
function isRealDate(value: string): boolean {
  if (!DATE.test(value)) return false;
  const time = Date.parse(`${value}T00:00:00Z`);
  return !Number.isNaN(time) && new Date(time).toISOString().startsWith(value);
}

/** A calendar day, `YYYY-MM-DD`; whether it may lie in the past is the service's rule. */
export const dateSchema = (label: string) =>
  z
    .string({ error: `${label} must be a date` })
    .refine(isRealDate, `${label} must be a date like 2027-03-31`);

export const QUOTE_QUANTITY_MESSAGE = 'Quantity must be a whole number of 1 or more';

export const quoteRequestLineSchema = z.object({
  toolId: idSchema,
  quantity: z
    .number({ error: QUOTE_QUANTITY_MESSAGE })
    .int(QUOTE_QUANTITY_MESSAGE)
    .min(1, QUOTE_QUANTITY_MESSAGE)
    .max(QUOTE_QUANTITY_MAX, `Quantity must be ${formatCount(QUOTE_QUANTITY_MAX)} or less`),
});

const distinctTools = (lines: { toolId: string }[]) =>
  new Set(lines.map((line) => line.toolId)).size === lines.length;

/** POST /quotes */
export const CreateQuoteSchema = z.object({
  items: z
    .array(quoteRequestLineSchema, { error: 'Add at least one tool' })
    .min(1, 'Add at least one tool')
    .max(QUOTE_MAX_LINES, `At most ${QUOTE_MAX_LINES} tools per quote`)
    .refine(distinctTools, 'Each tool can appear once'),
  requestedDeliveryDate: z.preprocess(blankAsUndefined, dateSchema('Delivery date').optional()),
  message: plainText(
    z
      .string({ error: 'Message must be text' })
      .trim()
      .max(QUOTE_MESSAGE_MAX, `Message must be ${QUOTE_MESSAGE_MAX} characters or shorter`),
    'Message',
    { multiline: true },
  ).default(''),
  userName: orderUserNameSchema,
  userPhone: orderPhoneSchema,
  userAddress: orderAddressSchema,
});
export type CreateQuoteInput = z.input<typeof CreateQuoteSchema>;

/** GET /quotes (admins): `status=` filters, blank means all. */
export const ListQuotesQuerySchema = z.object({
  status: z.preprocess(
    blankAsUndefined,
    z
      .enum(QUOTE_STATUSES, { error: `status must be one of ${QUOTE_STATUSES.join(', ')}` })
      .optional(),
  ),
});

export const QuoteIdParamsSchema = z.object({ id: idSchema });

export const quotePriceSchema = z
  .number({ error: 'Unit price must be a number' })
  .positive('Unit price must be more than 0')
  .max(1_000_000, 'Unit price must be 1,000,000 or less')
  .refine((value) => Math.abs(value * 100 - Math.round(value * 100)) < 1e-6, {
    message: 'Unit price can have at most 2 decimals (cents)',
  });

export const OfferQuoteSchema = z.object({
  items: z
    .array(z.object({ toolId: idSchema, unitPrice: quotePriceSchema }), {
      error: 'Give a unit price for every line',
    })
    .min(1, 'Give a unit price for every line')
    .max(QUOTE_MAX_LINES, 'Give a unit price for every line')
    .refine(distinctTools, 'Each tool can appear once'),
  validUntil: dateSchema('Valid until'),
  note: z.preprocess(
    blankAsUndefined,
    plainText(
      z
        .string({ error: 'Note must be text' })
        .trim()
        .max(QUOTE_NOTE_MAX, `Note must be ${QUOTE_NOTE_MAX} characters or shorter`),
      'Note',
      { multiline: true },
    ).optional(),
  ),
});

export const DeclineQuoteSchema = z.object({
  decline: z.literal(true, { error: 'decline must be true' }),
  reason: plainText(
    z
      .string({ error: 'Give a reason' })
      .trim()
      .min(1, { error: 'Give a reason', abort: true })
      .max(500, 'Reason must be 500 characters or shorter'),
    'Reason',
    { multiline: true },
  ),
});

/** PATCH /quotes/{id}: an offer, or a decline with a reason. */
export const AnswerQuoteSchema = z.union([DeclineQuoteSchema, OfferQuoteSchema], {
  error:
    'Send an offer (a unit price for every line and a valid-until date) or a decline with a reason',
});
export type AnswerQuoteInput = z.input<typeof AnswerQuoteSchema>;

/**
 * POST /quotes/{id}/accept: the offer the buyer was shown, by its `version` or its total (a
 * re-offer since is a 409 PRICE_CHANGED; one of the two is required), and the buyer's own purchase order reference for the order. Answers the
 * quote (now `accepted`) and the order it became.
 */
const SHOWN_OFFER_MESSAGE = 'Reload your quotes and accept the offer shown';
export const AcceptQuoteSchema = z
  .object({
    version: z
      .number({ error: SHOWN_OFFER_MESSAGE })
      .int(SHOWN_OFFER_MESSAGE)
      .min(0, SHOWN_OFFER_MESSAGE)
      .optional(),
    /** Instead of (or with) the version: the offered total (dollars) the buyer was shown. */
    expectedTotal: expectedPriceSchema.optional(),
    poReference: poReferenceSchema,
    /** Where the order ships, for its tax (issue 51); left out, the shop's own country. */
    ...shipToFields,
  })
  .refine((body) => body.version !== undefined || body.expectedTotal !== undefined, {
    message: SHOWN_OFFER_MESSAGE,
    path: ['version'],
  });
export type AcceptQuoteInput = z.input<typeof AcceptQuoteSchema>;

/** GET /quotes/{id}/tax: the offer's tax, shipped there, before it is accepted. */
export const QuoteTaxQuerySchema = z.object(shipToFields);

export const QUOTE_NUMBER_PREFIX = 'Q-';
export const quoteNumber = (n: number) => `${QUOTE_NUMBER_PREFIX}${n}`;
