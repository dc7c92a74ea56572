import { z } from 'zod';
import { idSchema, plainText } from './fields.js';
import { refundReasonSchema } from './fulfilment.js';

/** Partial refunds and credits, credit notes and returns (RMA) of issue 53. */

export const REFUND_METHODS = ['card', 'credit', 'bank_transfer'] as const;
export type RefundMethod = (typeof REFUND_METHODS)[number];

export const RETURN_STATUSES = [
  'requested',
  'approved',
  'declined',
  'received',
  'refunded',
] as const;
export type ReturnStatus = (typeof RETURN_STATUSES)[number];

/** An order has at most this many lines to name; a request never names more. */
const MAX_LINES = 200;

const quantity = z
  .number({ error: 'Quantity must be a whole number' })
  .int('Quantity must be a whole number')
  .min(1, 'Quantity must be at least 1')
  .max(1_000_000, 'Quantity is too large');

export const RefundLineSchema = z.object({ toolId: idSchema, quantity });
export type RefundLineInput = z.input<typeof RefundLineSchema>;

const lines = z
  .array(RefundLineSchema)
  .min(1, 'Choose at least one line')
  .max(MAX_LINES, `At most ${MAX_LINES} lines`);

const reason = refundReasonSchema.min(1, 'Say why');

/**
 * POST /order/{id}/refunds (admin): by line (the server prices them) or a sum with a reason.
 * `method`: how an order on invoice is given back: `credit` against its invoice (the default) or
 * a `bank_transfer` the admin made, with its reference. A card order is refunded to the card.
 */
export const CreateRefundSchema = z
  .object({
    amountCents: z
      .number({ error: 'Amount must be a whole number of cents' })
      .int('Amount must be a whole number of cents')
      .min(1, 'Amount must be more than 0')
      .optional(),
    lines: lines.optional(),
    reason,
    restock: z.boolean().optional(),
    method: z.enum(['credit', 'bank_transfer']).optional(),
    reference: plainText(
      z.string().trim().min(1, 'Reference is required').max(100, 'Reference is too long'),
      'Reference',
    ).optional(),
  })
  .refine((body) => (body.amountCents === undefined) !== (body.lines === undefined), {
    message: 'Give either lines or an amount',
    path: ['amountCents'],
  })
  .refine((body) => body.method !== 'bank_transfer' || body.reference !== undefined, {
    message: 'A bank transfer needs its reference',
    path: ['reference'],
  });
export type CreateRefundInput = z.input<typeof CreateRefundSchema>;

export const RefundSchema = z.object({
  _id: z.string(),
  amountCents: z.number().int(),
  method: z.enum(REFUND_METHODS),
  reason: z.string().optional(),
  lines: z.array(z.object({ toolId: z.string(), quantity: z.number().int() })),
  reference: z.string().optional(),
  returnId: z.string().optional(),
  createdAt: z.string(),
  /** Its credit note, once issued. */
  creditNoteNumber: z.string().optional(),
});
export type Refund = z.infer<typeof RefundSchema>;

export const CreditNoteSummarySchema = z.object({
  number: z.string(),
  issuedAt: z.string(),
  totalCents: z.number().int(),
  invoiceNumber: z.string(),
});
export type CreditNoteSummary = z.infer<typeof CreditNoteSummarySchema>;

export const ReturnLineSchema = z.object({
  toolId: z.string(),
  name: z.string(),
  quantity: z.number().int(),
});

export const ReturnSchema = z.object({
  _id: z.string(),
  orderId: z.string(),
  orderNumber: z.string().optional(),
  userEmail: z.string(),
  status: z.enum(RETURN_STATUSES),
  reason: z.string(),
  lines: z.array(ReturnLineSchema),
  received: z
    .array(ReturnLineSchema.extend({ disposition: z.enum(['restock', 'scrap']) }))
    .optional(),
  declineReason: z.string().optional(),
  refundId: z.string().optional(),
  requestedAt: z.string(),
  updatedAt: z.string(),
});
export type Return = z.infer<typeof ReturnSchema>;

/** GET /order/{id}/refunds: what was given back, its credit notes, and the order's returns. */
export const OrderRefundsSchema = z.object({
  paidCents: z.number().int(),
  refundedCents: z.number().int(),
  leftCents: z.number().int(),
  refunds: z.array(RefundSchema),
  creditNotes: z.array(CreditNoteSummarySchema),
  returns: z.array(ReturnSchema),
  /** Units per tool that can still be asked back, and until when (a delivered order). */
  returnableUntil: z.string().optional(),
});
export type OrderRefunds = z.infer<typeof OrderRefundsSchema>;

/** POST /order/{id}/returns (the buyer or their company's admins). */
export const RequestReturnSchema = z.object({
  lines,
  reason: plainText(
    z.string().trim().min(1, 'Say why').max(500, 'Reason must be 500 characters or shorter'),
    'Reason',
    { multiline: true },
  ),
});
export type RequestReturnInput = z.input<typeof RequestReturnSchema>;

export const DeclineReturnSchema = z.object({ reason });
export type DeclineReturnInput = z.input<typeof DeclineReturnSchema>;

export const ReceiveReturnSchema = z.object({
  lines: z
    .array(RefundLineSchema.extend({ disposition: z.enum(['restock', 'scrap']) }))
    .min(1, 'Choose at least one line')
    .max(MAX_LINES, `At most ${MAX_LINES} lines`),
});
export type ReceiveReturnInput = z.input<typeof ReceiveReturnSchema>;

export const ReturnParamsSchema = z.object({ id: idSchema });

export const ListReturnsQuerySchema = z.object({
  status: z.enum(RETURN_STATUSES).optional(),
});

export const CreditNoteParamsSchema = z.object({
  number: z.string().regex(/^CN-\d{4}-\d{6}$/, 'Malformed credit note number'),
});
export const CreditNoteXmlQuerySchema = z.object({
  syntax: z.enum(['ubl', 'cii']).default('cii'),
});
