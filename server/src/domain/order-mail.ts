import type { InvoiceRecord, OrderRecord, OutboxMessageInput } from '../store/store.js';
import { mailOrderFromRecord, type MailOrder } from './mail-order.js';

/**
 * A new order's email, made from the order as written: both adapters queue it in the outbox in
 * the order's own transaction, so a placed order always has its email and the request waits for
 * one commit. Kept as the order's snapshot (`bodySource`) and rendered by the sender with the
 * shop's links (modules/orders/mail/body-source.ts): the order's batch writes under 1 kB for it
 * instead of 4-5 kB of HTML and text, and renders nothing.
 */

/** The order changes a buyer hears about. */
export const MAIL_EVENTS = [
  'placed',
  'confirmed-on-invoice',
  'paid',
  'shipped',
  'cancelled',
  'expired',
  'refunded',
  'awaiting-approval',
  'approved',
  'rejected',
  /** Issue 53: a batch came short, so the promised date of part of the order moved. */
  'date-moved',
] as const;
export type MailEvent = (typeof MAIL_EVENTS)[number];

export interface MailDetails {
  /**
   * paid, confirmed-on-invoice, approved on invoice: the invoice number, shown in the message
   * (the PDF is attached at send time).
   */
  invoiceNumber?: string;
  /** confirmed-on-invoice, approved on invoice: the invoice's due day (`YYYY-MM-DD`) and terms. */
  dueDate?: string;
  paymentTerms?: string;
  carrier?: string;
  trackingNumber?: string;
  /** shipped (issue 53): this shipment (its own email, deduplicated by it) and its lines. */
  shipmentId?: string;
  shipmentLines?: { name: string; quantity: number }[];
  /** shipped, date-moved: what is still to come, and when (`YYYY-MM-DD`). */
  toCome?: { quantity: number; shipDate: string }[];
  /** date-moved: the batch received (tool and day), one email per order and receipt. */
  receiptKey?: string;
  /** date-moved: the units whose date moved, from and to which day. */
  moved?: { quantity: number; from: string; to: string }[];
  /** refunded: dollars; the order total when absent. */
  refundAmount?: number;
  /** refunded: the credit note's number, shown in the message (its PDF is attached). */
  creditNoteNumber?: string;
  reason?: string;
}

/** What the sender renders a buyer's email from (template `buyer`). */
export interface BuyerMailData {
  event: MailEvent;
  order: MailOrder;
  details: MailDetails;
}

/** What an email about an order confirmed on terms says of its invoice. */
export const invoiceDetails = (invoice: InvoiceRecord): MailDetails => ({
  invoiceNumber: invoice.number,
  ...(invoice.snapshot?.terms && {
    dueDate: invoice.snapshot.terms.dueDate,
    paymentTerms: invoice.snapshot.terms.paymentTerms,
  }),
});

type PlacedEvent = 'placed' | 'confirmed-on-invoice' | 'awaiting-approval';

/** The subject of a new order's email (`number` as shown, `TW-100123`). */
export function placedSubject(event: PlacedEvent, number: string, details: MailDetails): string {
  if (event === 'placed') return `Order ${number} placed: please pay to confirm`;
  if (event === 'awaiting-approval') return `Order ${number} is waiting for approval`;
  const invoice = details.invoiceNumber ? ` ${details.invoiceNumber}` : '';
  return `Order ${number} confirmed on invoice${invoice}`;
}

/**
 * The buyer's email about their new order: confirmed on their company's terms as it was placed
 * (`invoice` issued with it: nothing to pay now, the invoice attached), waiting for approval,
 * or placed to be paid.
 */
export function placedOrderMail(record: OrderRecord, invoice?: InvoiceRecord): OutboxMessageInput {
  const confirmedByInvoice = record.status === 'confirmed' && invoice;
  const event: PlacedEvent = confirmedByInvoice
    ? 'confirmed-on-invoice'
    : record.status === 'awaiting_approval'
      ? 'awaiting-approval'
      : 'placed';
  const order = mailOrderFromRecord(record);
  const details = confirmedByInvoice ? invoiceDetails(invoice) : {};
  const data: BuyerMailData = { event, order, details };
  return {
    orderId: order._id,
    to: order.userEmail,
    kind: `order-${event}`,
    dedupeKey: `${event}:${order._id}`,
    subject: placedSubject(event, order.number, details),
    html: '',
    text: '',
    bodySource: { template: 'buyer', data },
    ...(confirmedByInvoice && { attachments: [{ kind: 'invoice' as const, orderId: order._id }] }),
  };
}
