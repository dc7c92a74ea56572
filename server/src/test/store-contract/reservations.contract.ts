import { expect, it } from 'vitest';
import type { NewOrderInput } from '../../store/store.js';
import { buildOrderInput, buildTool } from '../factories.js';
import { useFreshStore, type StoreFactory } from './fresh-store.js';

const T0 = '2026-05-01T10:00:00.000Z';
const T1 = '2026-05-01T11:00:00.000Z';
const AFTER = '2026-05-01T11:00:00.001Z';

/** Many-line orders, reservations that expire, late payments, the unpaid cap and the cart. */
export function reservationsContract(factory: StoreFactory): void {
  const store = useFreshStore(factory);
  const stockOf = async (id: string) => (await store().tools.get(id))?.availableQuantity;
  const tool = (availableQuantity = 100, priceCents = 500) =>
    store().tools.create(buildTool({ availableQuantity, priceCents, minimumOrderQuantity: 5 }));
  const order = (lines: NewOrderInput['lines'], extra: Partial<NewOrderInput> = {}) =>
    store().orders.place({
      ...buildOrderInput('unused'),
      lines,
      now: T0,
      expiresAt: T1,
      ...extra,
    });

  it('when several lines are placed, then one order holds them all, numbered in sequence', async () => {
    const [a, b] = [await tool(100, 500), await tool(50, 1250)];
    const first = await order([
      { toolId: a._id, quantity: 10 },
      { toolId: b._id, quantity: 6 },
    ]);
    const second = await order([{ toolId: a._id, quantity: 5 }]);
    if (!first.ok || !second.ok) throw new Error('expected orders');
    expect(first.order).toMatchObject({
      status: 'unpaid',
      toolId: a._id,
      name: a.name,
      priceCents: 5000 + 7500,
      quantity: 16,
      expiresAt: T1,
      createdAt: T0,
      items: [
        { toolId: a._id, name: a.name, unitPriceCents: 500, quantity: 10, lineTotalCents: 5000 },
        { toolId: b._id, name: b.name, unitPriceCents: 1250, quantity: 6, lineTotalCents: 7500 },
      ],
    });
    expect(first.order.number).toBeGreaterThanOrEqual(100001);
    expect(second.order.number).toBe(first.order.number + 1);
    expect([await stockOf(a._id), await stockOf(b._id)]).toEqual([85, 44]);
  });

  it('when one line cannot be had, then OUT_OF_STOCK names it and no line is reserved', async () => {
    const [a, b] = [await tool(100), await tool(8)];
    const result = await order([
      { toolId: a._id, quantity: 10 },
      { toolId: b._id, quantity: 10 },
    ]);
    expect(result).toEqual({
      ok: false,
      reason: 'OUT_OF_STOCK',
      lines: [
        {
          toolId: b._id,
          name: b.name,
          quantity: 10,
          availableQuantity: 8,
          minimumOrderQuantity: 5,
          quantityStep: 1,
        },
      ],
    });
    expect([await stockOf(a._id), await stockOf(b._id)]).toEqual([100, 8]);
  });

  it('when the expected total or the unpaid cap is not met, then PRICE_CHANGED / TOO_MANY_UNPAID and nothing moves', async () => {
    const a = await tool(100, 500);
    const email = 'capped@example.com';
    expect(await order([{ toolId: a._id, quantity: 10 }], { expectedTotalCents: 4999 })).toEqual({
      ok: false,
      reason: 'PRICE_CHANGED',
      totalCents: 5000,
    });
    for (let i = 0; i < 2; i++)
      expect((await order([{ toolId: a._id, quantity: 5 }], { userEmail: email })).ok).toBe(true);
    expect(await store().orders.countUnpaid(email, T0)).toBe(2);
    expect(
      await order([{ toolId: a._id, quantity: 5 }], { userEmail: email, maxUnpaid: 2 }),
    ).toEqual({ ok: false, reason: 'TOO_MANY_UNPAID', unpaid: 2 });
    // Reservations that ended no longer count.
    expect(await store().orders.countUnpaid(email, AFTER)).toBe(0);
    expect(await stockOf(a._id)).toBe(90);
  });

  it('when reservations end, then expireDue expires them once, returns every line and leaves live ones', async () => {
    const [a, b] = [await tool(), await tool()];
    const due = await order([
      { toolId: a._id, quantity: 10 },
      { toolId: b._id, quantity: 20 },
    ]);
    const live = await order([{ toolId: a._id, quantity: 5 }], {
      expiresAt: '2026-05-02T00:00:00.000Z',
    });
    if (!due.ok || !live.ok) throw new Error('expected orders');
    expect(await store().orders.expireDue(T0)).toEqual([]);
    const expired = await store().orders.expireDue(AFTER);
    expect(expired.map((o) => [o._id, o.status])).toEqual([[due.order._id, 'expired']]);
    expect(expired[0]).toMatchObject({ status: 'expired', isPaid: false });
    // It keeps when the reservation ended, for the buyer's "expired on ...".
    expect(expired[0]?.expiresAt).toBe(T1);
    expect([await stockOf(a._id), await stockOf(b._id)]).toEqual([95, 100]);
    expect(await store().orders.expireDue(AFTER)).toEqual([]);
    expect([await stockOf(a._id), await stockOf(b._id)]).toEqual([95, 100]);
    expect((await store().orders.get(live.order._id))?.status).toBe('unpaid');
    expect(await store().orders.cancelUnpaid(due.order._id)).toBe('NOT_UNPAID');
  });

  it('when an expired order is paid, then its lines are reserved again if they can be, else NOT_PAYABLE', async () => {
    const a = await tool(20);
    const first = await order([{ toolId: a._id, quantity: 10 }]);
    const second = await order([{ toolId: a._id, quantity: 10 }]);
    if (!first.ok || !second.ok) throw new Error('expected orders');
    await store().orders.expireDue(AFTER);
    expect(await stockOf(a._id)).toBe(20);
    const taker = await order([{ toolId: a._id, quantity: 10 }], {
      now: AFTER,
      expiresAt: '2026-05-02T00:00:00.000Z',
    });
    expect(taker.ok).toBe(true);

    const repaid = await store().orders.markPaid(first.order._id, 'pi_late_1', AFTER);
    expect(repaid).toMatchObject({
      outcome: 'PAID',
      order: { status: 'paid', transactionId: 'pi_late_1' },
    });
    expect(await stockOf(a._id)).toBe(0);
    const refused = await store().orders.markPaid(second.order._id, 'pi_late_2', AFTER);
    expect(refused).toMatchObject({ outcome: 'NOT_PAYABLE', order: { status: 'expired' } });
    expect(await stockOf(a._id)).toBe(0);
  });

  it('when a cancelled order is paid, then NOT_PAYABLE and its stock stays returned', async () => {
    const a = await tool(50);
    const placed = await order([{ toolId: a._id, quantity: 10 }]);
    if (!placed.ok) throw new Error('expected an order');
    expect(await store().orders.cancelUnpaid(placed.order._id, T0)).toBe('CANCELLED');
    expect(await store().orders.markPaid(placed.order._id, 'pi_x', T0)).toMatchObject({
      outcome: 'NOT_PAYABLE',
    });
    expect(await stockOf(a._id)).toBe(50);
  });

  it('when a cart is filled and checked out whole, then the order holds its lines and the cart is empty', async () => {
    const [a, b, c] = [await tool(), await tool(), await tool()];
    const email = 'Cart.Owner@Example.com';
    await store().carts.set(email, a._id, 10, T0);
    await store().carts.set(email, b._id, 5, T0);
    await store().carts.set(email, a._id, 12, T0);
    await store().carts.set(email, c._id, 7, T0);
    await store().carts.remove(email, c._id);
    const lines = await store().carts.get(email.toLowerCase());
    expect(lines.map((l) => [l.tool._id, l.quantity])).toEqual([
      [a._id, 12],
      [b._id, 5],
    ]);
    expect(lines[0]?.tool).toEqual(await store().tools.get(a._id));
    expect(await store().carts.get('someone@else.com')).toEqual([]);
    const placed = await order(
      [
        { toolId: a._id, quantity: 12 },
        { toolId: b._id, quantity: 5 },
      ],
      { userEmail: email, fromCart: true },
    );
    expect(placed.ok).toBe(true);
    expect(await store().carts.get(email)).toEqual([]);
    await store().carts.set(email, c._id, 5, T0);
    await store().tools.delete(c._id);
    expect(await store().carts.get(email)).toEqual([]);
    await store().carts.clear(email);
  });
}
