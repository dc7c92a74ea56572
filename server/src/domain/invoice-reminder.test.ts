import { describe, expect, it } from 'vitest';
import type { TermsInvoiceRecord } from '../store/store.js';
import { invoiceReminderMail, reminderSubject } from './invoice-reminder.js';

const orderId = 'a'.repeat(24);
const invoice = (overrides: Partial<TermsInvoiceRecord> = {}): TermsInvoiceRecord => ({
  orderId,
  number: 'INV-2030-000007',
  year: 2030,
  seq: 7,
  paidAt: '2030-03-10T12:00:00.000Z',
  issuedAt: '2030-03-10T12:00:00.000Z',
  companyId: 'c'.repeat(24),
  paymentTerms: 'net-30',
  dueDate: '2030-04-09',
  totalCents: 20_000,
  paidCents: 5_000,
  payments: [],
  snapshot: {
    seller: { name: 'Toolworks', address: [] },
    buyer: {
      name: 'Bo Buyer',
      email: 'Bo@Harbour.example',
      company: 'Harbour Workshop Ltd',
      billingAddress: [],
      deliveryAddress: [],
    },
    orderNumber: 'TW-100123',
    lines: [],
    subtotalCents: 20_000,
    taxRatePercent: 0,
    taxCents: 0,
    totalCents: 20_000,
    currency: 'USD',
    paidAt: '2030-03-10T12:00:00.000Z',
    terms: { paymentTerms: 'net-30', dueDate: '2030-04-09', bankDetails: 'Foundry Bank' },
  },
  ...overrides,
});

describe('reminderSubject', () => {
  it.each([
    [0, 'Invoice INV-1 is due today'],
    [1, 'Reminder: invoice INV-1 is 1 day overdue'],
    [9, 'Reminder: invoice INV-1 is 9 days overdue'],
  ])('when the invoice is %i days late, then "%s"', (late, expected) => {
    expect(reminderSubject('INV-1', late)).toBe(expected);
  });
});

describe('invoiceReminderMail', () => {
  it.each([
    ['on its due date', 0, '2030-04-09', 0],
    ['7 days after', 7, '2030-04-16', 7],
    ['the due-date stage, sent 3 days late', 0, '2030-04-12', 3],
  ] as const)(
    'when the reminder goes out %s, then it says how late the invoice is on that day',
    (_, stage, today, daysLate) => {
      const [mail] = invoiceReminderMail(invoice(), stage, today, []);
      expect(mail).toEqual({
        kind: 'invoice-reminder',
        orderId,
        to: 'bo@harbour.example',
        subject: reminderSubject('INV-2030-000007', daysLate),
        html: '',
        text: '',
        bodySource: {
          template: 'invoice-reminder',
          data: {
            invoiceNumber: 'INV-2030-000007',
            orderNumber: 'TW-100123',
            dueDate: '2030-04-09',
            daysLate,
            balanceCents: 15_000,
            currency: 'USD',
            bankDetails: 'Foundry Bank',
            addressee: 'Harbour Workshop Ltd',
          },
        },
        attachments: [{ kind: 'invoice', orderId }],
        dedupeKey: `invoice-reminder:INV-2030-000007:${stage}`,
      });
    },
  );

  it('when the company has admins, then each gets the reminder once, keyed by address, and the buyer once', () => {
    const mails = invoiceReminderMail(invoice(), 7, '2030-04-16', [
      { email: 'bo@harbour.example', role: 'company-admin' },
      { email: 'Sam@Harbour.example', role: 'company-admin' },
      { email: 'sam@harbour.example', role: 'company-admin' },
      { email: 'al@harbour.example', role: 'approver' },
      { email: 'cy@harbour.example', role: 'buyer' },
    ]);
    expect(mails.map((m) => [m.to, m.dedupeKey])).toEqual([
      ['bo@harbour.example', 'invoice-reminder:INV-2030-000007:7'],
      ['sam@harbour.example', 'invoice-reminder:INV-2030-000007:7:sam@harbour.example'],
    ]);
  });

  it('when the invoice has no snapshot, then there is nothing to send', () => {
    expect(invoiceReminderMail(invoice({ snapshot: undefined }), 0, '2030-04-09', [])).toEqual([]);
  });

  it('when the buyer has no company, then the greeting names them', () => {
    const base = invoice();
    const snapshot = base.snapshot && {
      ...base.snapshot,
      buyer: { ...base.snapshot.buyer, company: undefined },
    };
    const [mail] = invoiceReminderMail({ ...base, snapshot }, 0, '2030-04-09', []);
    expect(mail?.bodySource?.data).toMatchObject({ addressee: 'Bo Buyer' });
  });
});
