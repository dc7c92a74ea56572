import { describe, expect, it } from 'vitest';
import type { InvoiceRecord, OrderRecord } from '../store/store.js';
import { placedOrderMail, placedSubject } from './order-mail.js';

const order = (overrides: Partial<OrderRecord> = {}): OrderRecord => ({
  _id: 'a'.repeat(24),
  number: 100123,
  status: 'unpaid',
  items: [
    {
      toolId: 'b'.repeat(24),
      name: 'Drill',
      sku: 'DR-1',
      unitPriceCents: 1_250,
      quantity: 2,
      lineTotalCents: 2_500,
    },
  ],
  toolId: 'b'.repeat(24),
  name: 'Drill',
  unitPriceCents: 1_250,
  priceCents: 2_500,
  quantity: 2,
  userName: 'Ana',
  userEmail: 'ana@example.com',
  userPhone: '555',
  userAddress: '1 Main St',
  isPaid: false,
  paymentMethod: 'card',
  expiresAt: '2030-03-10T12:30:00.000Z',
  createdAt: '2030-03-10T12:00:00.000Z',
  ...overrides,
});

const invoice: InvoiceRecord = {
  orderId: 'a'.repeat(24),
  number: 'INV-2030-000007',
  year: 2030,
  seq: 7,
  paidAt: '2030-03-10T12:00:00.000Z',
  issuedAt: '2030-03-10T12:00:00.000Z',
  snapshot: {
    seller: { name: 'Toolworks', address: [] },
    buyer: { name: 'Ana', email: 'ana@example.com', billingAddress: [], deliveryAddress: [] },
    orderNumber: 'TW-100123',
    lines: [],
    subtotalCents: 2_500,
    taxRatePercent: 0,
    taxCents: 0,
    totalCents: 2_500,
    currency: 'USD',
    paidAt: '2030-03-10T12:00:00.000Z',
    terms: { paymentTerms: 'net-30', dueDate: '2030-04-09' },
  },
};

describe('placedOrderMail', () => {
  it.each([
    [
      'to be paid',
      order(),
      undefined,
      'order-placed',
      'Order TW-100123 placed: please pay to confirm',
      {},
    ],
    [
      'above a spending limit',
      order({ status: 'awaiting_approval' }),
      undefined,
      'order-awaiting-approval',
      'Order TW-100123 is waiting for approval',
      {},
    ],
    [
      'confirmed on terms with its invoice',
      order({ status: 'confirmed', paymentMethod: 'invoice' }),
      invoice,
      'order-confirmed-on-invoice',
      'Order TW-100123 confirmed on invoice INV-2030-000007',
      { invoiceNumber: 'INV-2030-000007', dueDate: '2030-04-09', paymentTerms: 'net-30' },
    ],
  ] as const)(
    'when the order is placed %s, then %s: "%s"',
    (_, record, issued, kind, subject, details) => {
      const mail = placedOrderMail(record, issued);
      const event = kind.slice('order-'.length);
      expect(mail).toMatchObject({
        kind,
        subject,
        orderId: record._id,
        to: 'ana@example.com',
        dedupeKey: `${event}:${record._id}`,
        html: '',
        text: '',
        bodySource: { template: 'buyer', data: { event, details, order: { number: 'TW-100123' } } },
      });
      expect(mail.attachments ?? []).toEqual(
        issued ? [{ kind: 'invoice', orderId: record._id }] : [],
      );
    },
  );

  it('when the order is confirmed but no invoice came with it, then it is the plain placed email', () => {
    expect(placedOrderMail(order({ status: 'confirmed' }))).toMatchObject({ kind: 'order-placed' });
  });
});

describe('placedSubject', () => {
  it.each([
    [{}, 'Order TW-1 confirmed on invoice'],
    [{ invoiceNumber: 'INV-1' }, 'Order TW-1 confirmed on invoice INV-1'],
  ])('when the details are %o, then "%s"', (details, expected) => {
    expect(placedSubject('confirmed-on-invoice', 'TW-1', details)).toBe(expected);
  });
});
