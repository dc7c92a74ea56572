/** Invoices and credit notes: numbered once, in gap-free sequences, and never re-derived. */

import type { TaxBreakdownRow } from '../../domain/tax-amounts.js';
import type { TaxCategory } from '../../domain/tax.js';
import type { InvoicePaymentMethod } from '@toolworks/contract/invoices';
import type { Id } from './common.js';
import type { PaymentTerms } from './companies.js';

/** The terms an invoice was issued on (pay on invoice); `dueDate` is `YYYY-MM-DD`. */
export interface InvoiceTerms {
  paymentTerms: Exclude<PaymentTerms, 'none'>;
  dueDate: string;
}

/** One line as an invoice or credit note prints it. */
export interface DocumentLine {
  name: string;
  /**
   * The part number the line was bought under. Written into snapshots taken since SKUs; the
   * documents issued before keep their lines without it and print as they did.
   */
  sku?: string;
  quantity: number;
  unitPriceCents: number;
  lineTotalCents: number;
  /**
   * A backordered line's split as issued ("300 ship now; 200 backordered, ship from 12 March").
   * Only in snapshots taken since backorders; earlier documents print as they did.
   */
  shipping?: string;
  /** The unit price is per this many pieces ("$18.90 per 100"); only in snapshots since packs. */
  priceBasis?: number;
  /** Its tax as decided when the order was placed; only in snapshots since issue 51. */
  tax?: DocumentLineTax;
}

/** Everything an invoice prints, as it was when the number was assigned (issue 23). */
export interface DocumentLineTax {
  ratePercent: number;
  category: TaxCategory;
  reason?: string;
  vatex?: string;
  taxCents: number;
}

/**
 * What the document calls its tax: `VAT` for an EU seller, `Sales tax` for a US one, else `Tax`.
 */
export type TaxName = 'VAT' | 'Sales tax' | 'Tax';

export interface InvoiceSnapshot {
  seller: {
    name: string;
    address: string[];
    taxId?: string;
    /** `SELLER_VAT_ID` when issued (issue 51): printed with the buyer's on an EU invoice. */
    vatId?: string;
  };
  buyer: {
    name: string;
    email: string;
    company?: string;
    vatId?: string;
    billingAddress: string[];
    deliveryAddress: string[];
  };
  orderNumber: string;
  poReference?: string;
  lines: DocumentLine[];
  subtotalCents: number;
  /** The one rate of documents before issue 51; since, the highest of the breakdown's. */
  taxRatePercent: number;
  taxCents: number;
  totalCents: number;
  /**
   * Since issue 51: the tax per category and rate (EN 16931's VAT breakdown), each 0% with its
   * reason, what the tax is called, where the goods went and whether the prices held the tax.
   * Documents issued before print their one rate as they did.
   */
  taxBreakdown?: TaxBreakdownRow[];
  taxName?: TaxName;
  shipToCountry?: string;
  pricesIncludeTax?: boolean;
  /** ISO 4217, as charged. */
  currency: string;
  /** On terms: the day of issue (nothing was paid yet). */
  paidAt: string;
  transactionId?: string;
  /** Issued on payment terms: printed with the due date and the seller's bank details. */
  terms?: InvoiceTerms & { bankDetails?: string };
}

/** What an invoice prints beside its order, known before the order is written. */
export interface InvoiceParties {
  seller: InvoiceSnapshot['seller'];
  /**
   * The buyer's name (when the order has none), company, VAT id and billing address; an empty
   * billing address prints the order's delivery address.
   */
  buyer: { name?: string; company?: string; vatId?: string; billingAddress: string[] };
  taxRatePercent: number;
  taxName: TaxName;
  /** ISO 4217, as charged. */
  currency: string;
}

/** An invoice on the company's payment terms also prints where to pay it. */
export interface TermsInvoiceParties extends InvoiceParties {
  bankDetails?: string;
}

export interface InvoiceRecord {
  orderId: Id;
  /** `INV-2026-000123` */
  number: string;
  year: number;
  seq: number;
  paidAt: string;
  issuedAt: string;
  /** Absent only on invoices issued before migration 013, until the service freezes them. */
  snapshot?: InvoiceSnapshot;
}

export interface NewInvoicePayment {
  amountCents: number;
  method: InvoicePaymentMethod;
  reference: string;
  /** `YYYY-MM-DD` */
  receivedOn: string;
  recordedAt: string;
  /** The admin's email, or the buyer's for a card payment. */
  recordedBy: string;
}

export interface InvoicePaymentRecord extends NewInvoicePayment {
  _id: Id;
}

/** An invoice issued on payment terms, with what has been received against it. */
export interface TermsInvoiceRecord extends InvoiceRecord, InvoiceTerms {
  companyId: Id;
  totalCents: number;
  /** Oldest first. */
  payments: InvoicePaymentRecord[];
  paidCents: number;
  /** What credit notes took off it (issue 53); the balance is total less paid less this. */
  creditedCents?: number;
}

export type RecordPaymentResult =
  | { outcome: 'RECORDED'; invoice: TermsInvoiceRecord }
  /** A card payment with this reference (the gateway's payment id) is recorded already. */
  | { outcome: 'ALREADY_RECORDED'; invoice: TermsInvoiceRecord }
  | { outcome: 'NOT_FOUND' }
  /** The amount is more than the balance (a paid invoice's balance is 0). */
  | { outcome: 'OVER_BALANCE'; balanceCents: number };

export interface InvoicesRepo {
  /**
   * The order's invoice, numbered from its paid year's gap-free sequence and stored with
   * `snapshot` on the first call; later calls return the same invoice (one number per order, even
   * with concurrent callers) and never change its snapshot, except to give one to an invoice
   * that has none. `issuedAt` is the shop's clock at the call (the invoice's "Issued" time).
   */
  assign(
    orderId: Id,
    paidAt: string,
    snapshot: InvoiceSnapshot,
    issuedAt: string,
  ): Promise<InvoiceRecord>;
  get(orderId: Id): Promise<InvoiceRecord | null>;
  /** Invoices on terms, oldest due first; one company's when `companyId` is given. */
  listOnTerms(filter: { companyId?: Id }): Promise<TermsInvoiceRecord[]>;
  getOnTerms(number: string): Promise<TermsInvoiceRecord | null>;
  /**
   * Records a payment against an invoice on terms, never above its balance (judged in the same
   * transaction as the insert, so two admins recording at once cannot overpay it). The payment
   * that brings the balance to zero marks a `confirmed` order `paid` in that transaction; a
   * shipped or delivered one keeps its status.
   */
  recordPayment(number: string, payment: NewInvoicePayment): Promise<RecordPaymentResult>;
  /**
   * For each unpaid invoice on terms whose due date has come: stores the reminders that
   * `remindersDue` (domain/terms.ts) records (unique per invoice and stage) and queues the
   * email of the one it mails (`invoiceReminderMail`, domain/invoice-reminder.ts, to the buyer
   * and the company's admins as they are then), in the outbox in the same transaction, so
   * instances sweeping at once send each reminder once. Answers how many were mailed.
   */
  sendReminders(today: string, now: string): Promise<number>;
}

/** What a credit note prints: the invoice's parties and lines, and the refund. */
export interface CreditNoteSnapshot extends Omit<InvoiceSnapshot, 'paidAt' | 'transactionId'> {
  invoiceNumber: string;
  refundedAt: string;
  refundId?: string;
  reason?: string;
}

export interface CreditNoteRecord {
  orderId: Id;
  /** `CN-2026-000001` */
  number: string;
  year: number;
  seq: number;
  issuedAt: string;
  snapshot: CreditNoteSnapshot;
  /** The refund or credit it documents (issue 53); absent on the full refunds before it. */
  refundId?: Id;
}

export interface CreditNotesRepo {
  /**
   * A credit note numbered from its refund year's own gap-free sequence on the first call, dated
   * `issuedAt` (the shop's clock); later calls (even concurrent ones) return that one. With a
   * `refundId`, one per refund (issue 53: an order may have many); without, the one credit note
   * of an order refunded whole before refunds were recorded one by one.
   */
  issue(
    orderId: Id,
    snapshot: CreditNoteSnapshot,
    issuedAt: string,
    refundId?: Id,
  ): Promise<CreditNoteRecord>;
  /** The order's latest credit note. */
  get(orderId: Id): Promise<CreditNoteRecord | null>;
  /** Oldest first. */
  listByOrder(orderId: Id): Promise<CreditNoteRecord[]>;
  getByNumber(number: string): Promise<CreditNoteRecord | null>;
}

export function formatInvoiceNumber(year: number, seq: number): string {
  return `INV-${year}-${String(seq).padStart(6, '0')}`;
}

export function formatCreditNoteNumber(year: number, seq: number): string {
  return `CN-${year}-${String(seq).padStart(6, '0')}`;
}
