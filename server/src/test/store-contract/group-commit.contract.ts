import { expect, it } from 'vitest';
import type { NewOrderInput, PlaceOrderResult } from '../../store/store.js';
import { buildOrderInput, buildTool } from '../factories.js';
import { useFreshStore, type StoreFactory } from './fresh-store.js';

/**
 * Writes that arrive together: SQLite commits them as one batch (one savepoint each), MongoDB
 * applies each atomically on its own. Either way every operation keeps its own outcome.
 */
export function groupCommitContract(factory: StoreFactory): void {
  const store = useFreshStore(factory);
  const stockOf = async (id: string) => (await store().tools.get(id))?.availableQuantity;
  const tool = (availableQuantity: number, priceCents = 500) =>
    store().tools.create(buildTool({ availableQuantity, priceCents, minimumOrderQuantity: 5 }));
  const place = (lines: NewOrderInput['lines'], extra: Partial<NewOrderInput> = {}) =>
    store().orders.place({ ...buildOrderInput('unused'), lines, ...extra });
  const reasonOf = (r: PlaceOrderResult) => (r.ok ? 'ok' : r.reason);

  it('when refused orders arrive with good ones, then only the refused ones are left out', async () => {
    const [a, b] = [await tool(100, 500), await tool(8, 700)];
    const results = await Promise.all([
      place([{ toolId: a._id, quantity: 10 }]),
      place([{ toolId: b._id, quantity: 10 }]), // more than b's stock
      place([{ toolId: a._id, quantity: 10 }], { expectedTotalCents: 4999 }), // price moved
      place([{ toolId: a._id, quantity: 2 }]), // below the minimum
      place([{ toolId: 'aaaaaaaaaaaaaaaaaaaaaaaa', quantity: 5 }]),
      place([{ toolId: b._id, quantity: 8 }]),
      place([{ toolId: a._id, quantity: 5 }]),
    ]);
    expect(results.map(reasonOf)).toEqual([
      'ok',
      'OUT_OF_STOCK',
      'PRICE_CHANGED',
      'BELOW_MINIMUM',
      'TOOL_NOT_FOUND',
      'ok',
      'ok',
    ]);
    expect([await stockOf(a._id), await stockOf(b._id)]).toEqual([85, 0]);
    const numbers = results.flatMap((r) => (r.ok ? [r.order.number] : []));
    expect(new Set(numbers).size).toBe(3);
  });

  it('when a many-line order has one short line among concurrent orders, then none of its lines is taken and the others are', async () => {
    const [a, b] = [await tool(30), await tool(10)];
    const [others, short, last] = await Promise.all([
      place([{ toolId: a._id, quantity: 10 }]),
      place([
        { toolId: a._id, quantity: 10 },
        { toolId: b._id, quantity: 11 },
      ]),
      place([
        { toolId: a._id, quantity: 20 },
        { toolId: b._id, quantity: 10 },
      ]),
    ]);
    expect([reasonOf(others), reasonOf(short), reasonOf(last)]).toEqual([
      'ok',
      'OUT_OF_STOCK',
      'ok',
    ]);
    expect([await stockOf(a._id), await stockOf(b._id)]).toEqual([0, 0]);
  });

  it('when cancels, orders and an unpaid cap meet in one moment, then each gets its own answer', async () => {
    const a = await tool(50);
    const first = await place([{ toolId: a._id, quantity: 20 }], { userEmail: 'cap@example.com' });
    if (!first.ok) throw new Error(first.reason);
    const [cancelled, again, capped, other] = await Promise.all([
      store().orders.cancelUnpaid(first.order._id),
      store().orders.cancelUnpaid(first.order._id),
      place([{ toolId: a._id, quantity: 5 }], { userEmail: 'cap@example.com', maxUnpaid: 1 }),
      place([{ toolId: a._id, quantity: 40 }]),
    ]);
    expect([cancelled, again]).toEqual(['CANCELLED', 'NOT_UNPAID']);
    // The cancel came first, so the cap saw no unpaid order and the 20 units were back for 40.
    expect([reasonOf(capped), reasonOf(other)]).toEqual(['ok', 'ok']);
    expect(await stockOf(a._id)).toBe(5);
  });

  it('when 200 orders race for a hot tool, then the stock is exact: sold plus left is what there was', async () => {
    const hot = await tool(1000);
    const quantities = Array.from({ length: 200 }, (_, i) => 5 + (i % 7));
    const results = await Promise.all(
      quantities.map((q) => place([{ toolId: hot._id, quantity: q }])),
    );
    const sold = results.reduce((sum, r) => sum + (r.ok ? r.order.quantity : 0), 0);
    const left = (await stockOf(hot._id)) as number;
    expect(left).toBeGreaterThanOrEqual(0);
    expect(left).toBeLessThan(5 + 6); // sold until no order could fit
    expect(sold + left).toBe(1000);
    const page = await store().orders.list({ offset: 0, limit: 500 });
    expect(page.total).toBe(results.filter((r) => r.ok).length);
    expect(page.items.reduce((sum, o) => sum + o.quantity, 0)).toBe(sold);
  });
}
