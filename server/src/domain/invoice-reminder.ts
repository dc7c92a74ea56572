import type { CompanyRole } from '@toolworks/contract/companies';
import type { OutboxMessageInput, TermsInvoiceRecord } from '../store/store.js';
import { balanceOf, type ReminderStage } from './terms.js';

/**
 * An overdue invoice's reminder, made from the invoice as stored: both adapters queue it in the
 * outbox in the sweep's own transaction, with the stage it claims, so each stage goes out once.
 * Kept as data (`bodySource`) and rendered by the sender with the shop's links
 * (modules/invoices/invoice-reminder.ts), as a new order's email is (order-mail.ts).
 */
export const INVOICE_REMINDER_TEMPLATE = 'invoice-reminder';

/** What the sender renders a reminder from (template `invoice-reminder`). */
export interface ReminderMailData {
  invoiceNumber: string;
  orderNumber: string;
  /** `YYYY-MM-DD` */
  dueDate: string;
  /** Whole days from the due date to the day the reminder was queued; 0: due today. */
  daysLate: number;
  balanceCents: number;
  currency: string;
  bankDetails?: string;
  /** Who the greeting names: the buyer's company, or the buyer. */
  addressee: string;
}

const DAY_MS = 86_400_000;
const daysLate = (dueDate: string, today: string) =>
  Math.max(0, Math.round((Date.parse(today) - Date.parse(dueDate)) / DAY_MS));

/**
 * The subject follows the day the reminder goes out, not its stage: a sweep that missed days
 * sends the due-date reminder late, and then it is overdue, not "due today".
 */
export function reminderSubject(invoiceNumber: string, late: number): string {
  if (late === 0) return `Invoice ${invoiceNumber} is due today`;
  return `Reminder: invoice ${invoiceNumber} is ${late} ${late === 1 ? 'day' : 'days'} overdue`;
}

/**
 * The reminder for an unpaid invoice on terms at `stage` (its due date, then 7 and 14 days
 * after), sent on `today`: to the order's buyer and to every company-admin among `members`, who
 * pay the company's invoices. Keyed by invoice, stage and recipient, so the outbox keeps one each
 * even if it were queued twice. An invoice without a snapshot has nothing to remind of.
 */
export function invoiceReminderMail(
  invoice: TermsInvoiceRecord,
  stage: ReminderStage,
  today: string,
  members: readonly { email: string; role: CompanyRole }[],
): OutboxMessageInput[] {
  const snapshot = invoice.snapshot;
  if (!snapshot) return [];
  const data: ReminderMailData = {
    invoiceNumber: invoice.number,
    orderNumber: snapshot.orderNumber,
    dueDate: invoice.dueDate,
    daysLate: daysLate(invoice.dueDate, today),
    balanceCents: balanceOf(invoice),
    currency: snapshot.currency,
    ...(snapshot.terms?.bankDetails && { bankDetails: snapshot.terms.bankDetails }),
    addressee: snapshot.buyer.company ?? snapshot.buyer.name,
  };
  const subject = reminderSubject(invoice.number, data.daysLate);
  const buyer = snapshot.buyer.email.toLowerCase();
  const admins = members.filter((m) => m.role === 'company-admin').map((m) => m.email);
  const recipients = [buyer, ...new Set(admins.map((e) => e.toLowerCase()))].filter(
    (email, i) => i === 0 || email !== buyer,
  );
  return recipients.map((to) => ({
    kind: 'invoice-reminder',
    orderId: invoice.orderId,
    to,
    subject,
    html: '',
    text: '',
    bodySource: { template: INVOICE_REMINDER_TEMPLATE, data },
    attachments: [{ kind: 'invoice', orderId: invoice.orderId }],
    // The buyer's key is the one reminders always had; the admins' name their address too.
    dedupeKey: `invoice-reminder:${invoice.number}:${stage}${to === buyer ? '' : `:${to}`}`,
  }));
}
