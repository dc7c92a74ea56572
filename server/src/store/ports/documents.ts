/** Invoices and credit notes: numbered once, in gap-free sequences, and never re-derived. */

import type { Id } from './common.js';

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
}

/** Everything an invoice prints, as it was when the number was assigned (issue 23). */
export interface InvoiceSnapshot {
  seller: { name: string; address: string[]; taxId?: string };
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
  taxRatePercent: number;
  taxCents: number;
  totalCents: number;
  /** ISO 4217, as charged. */
  currency: string;
  paidAt: string;
  transactionId?: string;
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

export interface InvoicesRepo {
  /**
   * The order's invoice, numbered from its paid year's gap-free sequence and stored with
   * `snapshot` on the first call; later calls return the same invoice (one number per order, even
   * with concurrent callers) and never change its snapshot, except to give one to an invoice
   * that has none.
   */
  assign(orderId: Id, paidAt: string, snapshot: InvoiceSnapshot): Promise<InvoiceRecord>;
  get(orderId: Id): Promise<InvoiceRecord | null>;
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
}

export interface CreditNotesRepo {
  /**
   * The refunded order's credit note, numbered from its refund year's own gap-free sequence on
   * the first call; later calls (even concurrent ones) return that one.
   */
  issue(orderId: Id, snapshot: CreditNoteSnapshot): Promise<CreditNoteRecord>;
  get(orderId: Id): Promise<CreditNoteRecord | null>;
}

export function formatInvoiceNumber(year: number, seq: number): string {
  return `INV-${year}-${String(seq).padStart(6, '0')}`;
}

export function formatCreditNoteNumber(year: number, seq: number): string {
  return `CN-${year}-${String(seq).padStart(6, '0')}`;
}
