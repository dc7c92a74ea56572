import { z } from 'zod';
import { PaymentTermsSchema } from './companies.js';
import { idSchema, plainText } from './fields.js';
import { dateSchema } from './quotes.js';
import { transactionIdSchema } from './payments.js';

/**
 * An invoice on payment terms, as its state stands now: `open` (nothing received, not yet due),
 * `partly_paid` (something received, not yet due), `overdue` (past its due date with a balance),
 * `paid` (balance zero). Worked out from the stored payments and the due date, never stored.
 */
export const INVOICE_STATES = ['open', 'partly_paid', 'overdue', 'paid'] as const;
export const InvoiceStateSchema = z.enum(INVOICE_STATES);
export type InvoiceState = z.infer<typeof InvoiceStateSchema>;

export const INVOICE_NUMBER = /^INV-\d{4}-\d{6}$/;

/** `/invoices/{number}`: `INV-2026-000123`. */
export const InvoiceNumberParamsSchema = z.object({
  number: z.string().regex(INVOICE_NUMBER, 'Invoice number must look like INV-2026-000123'),
});

const E_INVOICE_SYNTAXES = ['ubl', 'cii'] as const;

/**
 * `?syntax=` of an XRechnung download (issue 52): OASIS UBL 2.1 (the default) or UN/CEFACT CII.
 */
export const EInvoiceSyntaxQuerySchema = z.object({
  syntax: z
    .enum(E_INVOICE_SYNTAXES, { error: `Syntax must be one of ${E_INVOICE_SYNTAXES.join(', ')}` })
    .default('ubl'),
});

const INVOICE_PAYMENT_METHODS = ['bank-transfer', 'card'] as const;
export type InvoicePaymentMethod = (typeof INVOICE_PAYMENT_METHODS)[number];

export const InvoicePaymentSchema = z.object({
  /** Dollars. */
  amount: z.number(),
  method: z.enum(INVOICE_PAYMENT_METHODS),
  reference: z.string(),
  /** `YYYY-MM-DD`, the day the money arrived. */
  receivedOn: z.string(),
  recordedAt: z.string(),
});
export type InvoicePayment = z.infer<typeof InvoicePaymentSchema>;

export const TermsInvoiceSchema = z.object({
  number: z.string(),
  orderId: z.string(),
  /** `TW-100042` */
  orderNumber: z.string(),
  companyId: z.string(),
  companyName: z.string(),
  issuedAt: z.string(),
  paymentTerms: PaymentTermsSchema,
  /** `YYYY-MM-DD` */
  dueDate: z.string(),
  /** Dollars. */
  total: z.number(),
  paid: z.number(),
  balance: z.number(),
  /** What credit notes took off it (issue 53), in dollars; absent when none. */
  credited: z.number().optional(),
  state: InvoiceStateSchema,
  payments: z.array(InvoicePaymentSchema),
});
export type TermsInvoice = z.infer<typeof TermsInvoiceSchema>;
export const TermsInvoiceListSchema = z.array(TermsInvoiceSchema);

/** GET /invoices (shop admin): every invoice on terms, optionally one company's or one state. */
export const ListInvoicesQuerySchema = z.object({
  companyId: idSchema.optional(),
  state: z
    .enum(INVOICE_STATES, { error: `State must be one of ${INVOICE_STATES.join(', ')}` })
    .optional(),
});

const MAX_PAYMENT = 100_000_000;

/** POST /invoices/{number}/payments: a bank transfer received (never above the balance). */
export const RecordPaymentSchema = z.object({
  amount: z
    .number({ error: 'Amount must be a number' })
    .positive('Amount must be more than 0')
    .max(MAX_PAYMENT, 'Amount is too large')
    .refine((value) => Math.abs(value * 100 - Math.round(value * 100)) < 1e-6, {
      message: 'Amount can have at most 2 decimals (cents)',
    }),
  reference: plainText(
    z
      .string({ error: 'Reference is required' })
      .trim()
      .min(1, 'Reference is required')
      .max(100, 'Reference must be 100 characters or shorter'),
    'Reference',
  ),
  receivedOn: dateSchema('Date received'),
});
export type RecordPaymentInput = z.input<typeof RecordPaymentSchema>;

/**
 * POST /invoices/{number}/card-payment: a card payment of an open invoice's whole balance (a
 * company-admin of its company, or its order's buyer). The client confirms it with the secret.
 */
export const InvoiceCardPaymentSchema = z.object({
  clientSecret: z.string(),
  /** Dollars: the balance the payment is for. */
  amount: z.number(),
});
export type InvoiceCardPayment = z.infer<typeof InvoiceCardPaymentSchema>;

/** POST /invoices/{number}/card-payment/confirm: the gateway's payment id, once it succeeded. */
export const ConfirmInvoiceCardPaymentSchema = z.object({ transactionId: transactionIdSchema });
export type ConfirmInvoiceCardPaymentInput = z.input<typeof ConfirmInvoiceCardPaymentSchema>;
