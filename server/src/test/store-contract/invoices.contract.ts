import { expect, it } from 'vitest';
import { useFreshStore, type StoreFactory } from './fresh-store.js';

const order = (n: number) => `65f0a1b2c3d4e5f6a7b8c${String(n).padStart(3, '0')}`;

export function invoicesContract(factory: StoreFactory): void {
  const store = useFreshStore(factory);

  it('when orders are paid, then their numbers follow one another per year without gaps', async () => {
    const a = await store().invoices.assign(order(1), '2026-03-01T10:00:00.000Z');
    const b = await store().invoices.assign(order(2), '2026-03-02T10:00:00.000Z');
    const c = await store().invoices.assign(order(3), '2027-01-01T00:00:01.000Z');
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
    });
  });

  it('when an order is assigned again, even at once, then it keeps its one number and none is used up', async () => {
    const paidAt = '2026-04-01T10:00:00.000Z';
    const all = await Promise.all(
      [1, 2, 3, 4].map(() => store().invoices.assign(order(9), paidAt)),
    );
    expect(new Set(all.map((i) => i.number))).toEqual(new Set(['INV-2026-000001']));
    expect(await store().invoices.assign(order(9), '2026-05-01T00:00:00.000Z')).toEqual(all[0]);
    expect((await store().invoices.assign(order(10), paidAt)).number).toBe('INV-2026-000002');
    expect(await store().invoices.get(order(9))).toEqual(all[0]);
    expect(await store().invoices.get(order(11))).toBeNull();
  });
}
