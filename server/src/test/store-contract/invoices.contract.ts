import { expect, it } from 'vitest';
import type { CreditNoteSnapshot, InvoiceSnapshot } from '../../store/store.js';
import { useFreshStore, type StoreFactory } from './fresh-store.js';

const order = (n: number) => `65f0a1b2c3d4e5f6a7b8c${String(n).padStart(3, '0')}`;

const snapshot = (overrides: Partial<InvoiceSnapshot> = {}): InvoiceSnapshot => ({
  seller: { name: 'Toolworks Inc.', address: ['1 Foundry Lane', 'Springfield'], taxId: 'US-1' },
  buyer: {
    name: 'Ana Silva',
    email: 'ana@example.com',
    company: 'Augusta Ferragens Lda',
    vatId: 'PT 501 234 567',
    billingAddress: ['1 Rua Augusta', 'Lisbon, 1100-053', 'PT'],
    deliveryAddress: ['Armazém 3', 'Rua do Porto 10', 'Lisbon'],
  },
  orderNumber: 'TW-100001',
  poReference: 'PO-7',
  lines: [{ name: 'Pipe Vise', quantity: 15, unitPriceCents: 4000, lineTotalCents: 60000 }],
  subtotalCents: 55427,
  taxRatePercent: 8.25,
  taxCents: 4573,
  totalCents: 60000,
  currency: 'USD',
  paidAt: '2026-03-01T10:00:00.000Z',
  transactionId: 'pi_1',
  ...overrides,
});

const credit = (refundedAt: string, invoiceNumber = 'INV-2026-000001'): CreditNoteSnapshot => {
  const { paidAt: _p, transactionId: _t, ...rest } = snapshot();
  return { ...rest, invoiceNumber, refundedAt, refundId: 're_1', reason: 'Damaged' };
};

/** The shop's clock at issue: the record keeps what it is given. */
const ISSUED = '2026-11-27T13:55:00.000Z';

export function invoicesContract(factory: StoreFactory): void {
  const store = useFreshStore(factory);

  it('when orders are paid, then their numbers follow one another per year without gaps', async () => {
    const a = await store().invoices.assign(
      order(1),
      '2026-03-01T10:00:00.000Z',
      snapshot(),
      ISSUED,
    );
    const b = await store().invoices.assign(
      order(2),
      '2026-03-02T10:00:00.000Z',
      snapshot(),
      ISSUED,
    );
    const c = await store().invoices.assign(
      order(3),
      '2027-01-01T00:00:01.000Z',
      snapshot(),
      ISSUED,
    );
    expect([a.number, b.number, c.number]).toEqual([
      'INV-2026-000001',
      'INV-2026-000002',
      'INV-2027-000001',
    ]);
    expect(a).toMatchObject({
      orderId: order(1),
      year: 2026,
      seq: 1,
      paidAt: '2026-03-01T10:00:00.000Z',
      issuedAt: ISSUED,
    });
  });

  it('when an order is assigned again, even at once, then it keeps its one number and none is used up', async () => {
    const paidAt = '2026-04-01T10:00:00.000Z';
    const all = await Promise.all(
      [1, 2, 3, 4].map(() => store().invoices.assign(order(9), paidAt, snapshot(), ISSUED)),
    );
    expect(new Set(all.map((i) => i.number))).toEqual(new Set(['INV-2026-000001']));
    expect(
      await store().invoices.assign(order(9), '2026-05-01T00:00:00.000Z', snapshot(), ISSUED),
    ).toEqual(all[0]);
    expect((await store().invoices.assign(order(10), paidAt, snapshot(), ISSUED)).number).toBe(
      'INV-2026-000002',
    );
    expect(await store().invoices.get(order(9))).toEqual(all[0]);
    expect(await store().invoices.get(order(11))).toBeNull();
  });

  it('when an invoice is assigned, then its snapshot is stored with it and a later call cannot change it', async () => {
    const first = snapshot();
    const issued = await store().invoices.assign(order(20), first.paidAt, first, ISSUED);
    expect(issued.snapshot).toEqual(first);
    const edited = snapshot({
      buyer: { ...first.buyer, company: 'Renamed Ltd', billingAddress: ['Elsewhere'] },
    });
    expect(
      (await store().invoices.assign(order(20), first.paidAt, edited, ISSUED)).snapshot,
    ).toEqual(first);
    expect((await store().invoices.get(order(20)))?.snapshot).toEqual(first);
  });

  it('when refunds are recorded, then credit notes follow their own gap-free sequence per year', async () => {
    await store().invoices.assign(order(30), '2026-03-01T10:00:00.000Z', snapshot(), ISSUED);
    const a = await store().creditNotes.issue(
      order(30),
      credit('2026-06-01T10:00:00.000Z'),
      ISSUED,
    );
    const b = await store().creditNotes.issue(
      order(31),
      credit('2026-06-02T10:00:00.000Z'),
      ISSUED,
    );
    const c = await store().creditNotes.issue(
      order(32),
      credit('2027-01-02T10:00:00.000Z'),
      ISSUED,
    );
    expect([a.number, b.number, c.number]).toEqual([
      'CN-2026-000001',
      'CN-2026-000002',
      'CN-2027-000001',
    ]);
    expect(a).toMatchObject({ orderId: order(30), year: 2026, seq: 1, issuedAt: ISSUED });
    expect(a.snapshot).toEqual(credit('2026-06-01T10:00:00.000Z'));
    // The invoice sequence is untouched by credit notes.
    expect(
      (await store().invoices.assign(order(33), '2026-07-01T00:00:00.000Z', snapshot(), ISSUED))
        .number,
    ).toBe('INV-2026-000002');
    expect(await store().creditNotes.get(order(30))).toEqual(a);
    expect(await store().creditNotes.get(order(34))).toBeNull();
  });

  it('when one refund is recorded twice, even at once, then it has one credit note and no number is used up', async () => {
    const at = '2026-08-01T10:00:00.000Z';
    const all = await Promise.all(
      [1, 2, 3, 4].map(() => store().creditNotes.issue(order(40), credit(at), ISSUED)),
    );
    expect(new Set(all.map((n) => n.number))).toEqual(new Set(['CN-2026-000001']));
    const later = { ...credit('2026-09-01T00:00:00.000Z'), reason: 'Changed later' };
    expect(await store().creditNotes.issue(order(40), later, ISSUED)).toEqual(all[0]);
    expect((await store().creditNotes.issue(order(41), credit(at), ISSUED)).number).toBe(
      'CN-2026-000002',
    );
  });

  it('when many orders are refunded at once, then their credit notes are numbered 1..n without gaps', async () => {
    const at = '2026-10-01T10:00:00.000Z';
    const notes = await Promise.all(
      Array.from({ length: 20 }, (_, i) =>
        store().creditNotes.issue(order(100 + i), credit(at), ISSUED),
      ),
    );
    expect(notes.map((n) => n.seq).sort((x, y) => x - y)).toEqual(
      Array.from({ length: 20 }, (_, i) => i + 1),
    );
    expect(new Set(notes.map((n) => n.number)).size).toBe(20);
  });
}
