import {
  INVOICE_REMINDER_TEMPLATE,
  reminderSubject,
  type ReminderMailData,
} from '../../domain/invoice-reminder.js';
import type { OutboxBodySource } from '../../store/store.js';
import { escapeHtml, formatUtcDay, layout, paragraph, button } from '../../mail/html.js';

const money = (cents: number, currency: string) =>
  new Intl.NumberFormat('en-US', { style: 'currency', currency }).format(cents / 100);

/** Whether the sender renders this body here (an invoice reminder's) rather than elsewhere. */
export const isInvoiceReminder = (source: OutboxBodySource) =>
  source.template === INVOICE_REMINDER_TEMPLATE;

/**
 * The words of an invoice reminder (domain/invoice-reminder.ts queued its data), made at send
 * time with the shop's links. Its words follow the day it was queued: overdue since the due
 * date, or due today.
 */
export function renderInvoiceReminder(
  source: OutboxBodySource,
  shopUrl: string,
): { html: string; text: string } {
  if (!isInvoiceReminder(source)) throw new Error(`not an invoice reminder: ${source.template}`);
  const data = source.data as ReminderMailData;
  const late = data.daysLate;
  const subject = reminderSubject(data.invoiceNumber, late);
  const overdue = `${late} ${late === 1 ? 'day' : 'days'} overdue`;
  const due = formatUtcDay(data.dueDate);
  const when = late === 0 ? `is due today (${due})` : `was due on ${due} and is ${overdue}`;
  const lines = [
    `Invoice ${data.invoiceNumber} for order ${data.orderNumber} ${when}.`,
    `Balance to pay: ${money(data.balanceCents, data.currency)}.`,
    ...(data.bankDetails ? [`Please pay by bank transfer to: ${data.bankDetails}`] : []),
    'If you have paid already, thank you: please ignore this reminder.',
  ];
  const href = `${shopUrl}/dashboard/my-company`;
  const greeting = `Hello ${data.addressee},`;
  return {
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
  };
}
