import { describe, expect, it } from 'vitest';
import type { MailOrder } from './mail-order.js';
import {
  invoiceSnapshot,
  splitLines,
  termsInvoiceSnapshot,
  type InvoiceParties,
} from './invoice-snapshot.js';
import type { OrderRecord } from '../store/store.js';

const parties: InvoiceParties = {
  seller: { name: 'Toolworks Inc.', address: ['1 Foundry Lane'] },
  buyer: { billingAddress: [] },
  taxRatePercent: 0,
  taxName: 'Tax',
  currency: 'USD',
};

const order: MailOrder = {
  _id: 'a'.repeat(24),
  number: 'TW-100123',
  status: 'paid',
  items: [{ toolId: 't', name: 'Drill', unitPrice: 12.5, quantity: 2, lineTotal: 25 }],
  price: 25,
  userName: 'Ana',
  userEmail: 'ana@example.com',
  userAddress: '1 Main St, Springfield',
  paymentMethod: 'card',
  createdAt: '2030-03-10T12:00:00.000Z',
};

describe('splitLines', () => {
  it.each([
    ['1 Main St, Springfield, USA', ['1 Main St', 'Springfield', 'USA']],
    ['1 Main St\nSpringfield, IL', ['1 Main St', 'Springfield, IL']],
    ['1 Main St\\nSpringfield', ['1 Main St', 'Springfield']],
    ['  ', []],
  ])('when the text is %j, then %o', (text, expected) => {
    expect(splitLines(text)).toEqual(expected);
  });
});

describe('invoiceSnapshot', () => {
  it.each([
    ['no tax', 0, { subtotalCents: 2_500, taxCents: 0, totalCents: 2_500 }],
    ['20% included in the price', 20, { subtotalCents: 2_083, taxCents: 417, totalCents: 2_500 }],
  ])('when the rate is %s, then the total stays the amount charged', (_, rate, amounts) => {
    expect(invoiceSnapshot(order, { ...parties, taxRatePercent: rate }, 'now')).toMatchObject({
      ...amounts,
      taxRatePercent: rate,
    });
  });

  it.each([
    [
      'no profile address',
      { billingAddress: [] },
      { name: 'Ana', billingAddress: ['1 Main St', 'Springfield'] },
    ],
    [
      'a company with its own address',
      { company: 'Quayside', vatId: 'GB1', billingAddress: ['9 Dock Rd'] },
      { company: 'Quayside', vatId: 'GB1', billingAddress: ['9 Dock Rd'] },
    ],
  ])('when the buyer has %s, then the invoice prints it', (_, buyer, printed) => {
    expect(invoiceSnapshot(order, { ...parties, buyer }, 'now').buyer).toMatchObject({
      ...printed,
      email: 'ana@example.com',
      deliveryAddress: ['1 Main St', 'Springfield'],
    });
  });

  it('when the order has no name, then the profile’s name, else the email', () => {
    const nameless = { ...order, userName: '' };
    expect(invoiceSnapshot(nameless, parties, 'now').buyer.name).toBe('ana@example.com');
    const named = { ...parties, buyer: { name: 'Ana P.', billingAddress: [] } };
    expect(invoiceSnapshot(nameless, named, 'now').buyer.name).toBe('Ana P.');
  });
});

describe('termsInvoiceSnapshot', () => {
  const record = {
    _id: 'a'.repeat(24),
    number: 100123,
    status: 'confirmed',
    paymentMethod: 'invoice',
    items: [
      {
        toolId: 't',
        name: 'Drill',
        unitPriceCents: 1_250,
        quantity: 2,
        lineTotalCents: 2_500,
      },
    ],
    priceCents: 2_500,
    userName: 'Ana',
    userEmail: 'ana@example.com',
    userAddress: '1 Main St',
    createdAt: '2030-03-10T12:00:00.000Z',
  } as OrderRecord;
  const terms = { paymentTerms: 'net-30', dueDate: '2030-04-09' } as const;

  it.each([
    ['with bank details', 'Bank X', { ...terms, bankDetails: 'Bank X' }],
    ['without bank details', undefined, terms],
  ])('when issued %s, then it prints the terms and due date', (_, bankDetails, printed) => {
    const snapshot = termsInvoiceSnapshot(
      record,
      terms,
      { ...parties, ...(bankDetails && { bankDetails }) },
      '2030-03-10T12:00:00.000Z',
    );
    expect(snapshot).toMatchObject({
      orderNumber: 'TW-100123',
      paidAt: '2030-03-10T12:00:00.000Z',
      totalCents: 2_500,
      lines: [{ name: 'Drill', quantity: 2, unitPriceCents: 1_250, lineTotalCents: 2_500 }],
    });
    expect(snapshot.terms).toEqual(printed);
  });
});

describe('invoiceSnapshot: packs (issue 50)', () => {
  it('when a line is priced per 100, then its snapshot line keeps the basis; an ordinary line has none', () => {
    const rivets = { toolId: 'r', name: 'Rivets', unitPrice: 18.9, quantity: 300, lineTotal: 56.7 };
    const snapshot = invoiceSnapshot(
      { ...order, items: [{ ...rivets, priceBasis: 100 }, ...order.items], price: 81.7 },
      parties,
      'now',
    );
    expect(snapshot.lines[0]).toMatchObject({
      unitPriceCents: 1890,
      lineTotalCents: 5670,
      priceBasis: 100,
    });
    expect(snapshot.lines[1]).not.toHaveProperty('priceBasis');
  });
});
