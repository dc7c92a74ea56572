import type { ReminderStage } from '../../domain/terms.js';
import type { OutboxMessageInput, TermsInvoiceRecord } from '../../store/store.js';
import { escapeHtml, formatUtcDay, layout, paragraph, button } from '../../mail/html.js';

const money = (cents: number, currency: string) =>
  new Intl.NumberFormat('en-US', { style: 'currency', currency }).format(cents / 100);

const DAY_MS = 86_400_000;
const daysLate = (dueDate: string, today: string) =>
  Math.max(0, Math.round((Date.parse(today) - Date.parse(dueDate)) / DAY_MS));

/**
 * The reminder for an unpaid invoice on terms: on its due date (stage 0), then 7 and 14 days
 * after, to the order's buyer and to every company-admin of the company (`companyAdmins`), who
 * pay its invoices. Keyed by invoice, stage and recipient, so the outbox keeps one each even if
 * it were queued twice. Its words follow the day it goes out (`today`), not its stage: a sweep
 * that missed days sends the due-date reminder late, and then it is overdue, not "due today".
 */
export function invoiceReminderMail(
  invoice: TermsInvoiceRecord,
  stage: ReminderStage,
  today: string,
  shopUrl: string,
  companyAdmins: readonly string[] = [],
): OutboxMessageInput[] {
  const snapshot = invoice.snapshot;
  if (!snapshot) return [];
  const balance = money(invoice.totalCents - invoice.paidCents, snapshot.currency);
  const late = daysLate(invoice.dueDate, today);
  const overdue = `${late} ${late === 1 ? 'day' : 'days'} overdue`;
  const due = formatUtcDay(invoice.dueDate);
  const when = late === 0 ? `is due today (${due})` : `was due on ${due} and is ${overdue}`;
  const subject =
    late === 0
      ? `Invoice ${invoice.number} is due today`
      : `Reminder: invoice ${invoice.number} is ${overdue}`;
  const lines = [
    `Invoice ${invoice.number} for order ${snapshot.orderNumber} ${when}.`,
    `Balance to pay: ${balance}.`,
    ...(snapshot.terms?.bankDetails
      ? [`Please pay by bank transfer to: ${snapshot.terms.bankDetails}`]
      : []),
    'If you have paid already, thank you: please ignore this reminder.',
  ];
  const href = `${shopUrl}/dashboard/my-company`;
  const greeting = `Hello ${snapshot.buyer.company ?? snapshot.buyer.name},`;
  const buyer = snapshot.buyer.email.toLowerCase();
  const recipients = [buyer, ...new Set(companyAdmins.map((e) => e.toLowerCase()))].filter(
    (email, i) => i === 0 || email !== buyer,
  );
  return recipients.map((to) => ({
    kind: 'invoice-reminder',
    orderId: invoice.orderId,
    to,
    subject,
    text: [greeting, '', ...lines, '', `Your invoices: ${href}`, '', '-- Toolworks'].join('\n'),
    html: layout({
      title: subject,
      preheader: subject,
      shopUrl,
      body: [
        paragraph(escapeHtml(greeting)),
        ...lines.map((line) => paragraph(escapeHtml(line))),
        paragraph(button(href, 'See your invoices')),
      ].join('\n'),
    }),
    attachments: [{ kind: 'invoice', orderId: invoice.orderId }],
    // The buyer's key is the one reminders always had; the admins' name their address too.
    dedupeKey: `invoice-reminder:${invoice.number}:${stage}${to === buyer ? '' : `:${to}`}`,
  }));
}
