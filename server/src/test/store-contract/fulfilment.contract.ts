import { expect, it } from 'vitest';
import { buildOrderInput, buildTool } from '../factories.js';
import { useFreshStore, type StoreFactory } from './fresh-store.js';

const NOW = '2026-11-23T10:00:00.000Z';
const LATER = '2026-11-24T10:00:00.000Z';

export function fulfilmentContract(factory: StoreFactory): void {
  const store = useFreshStore(factory);
  /** A paid two-line order: 10 of tool A, 5 of tool B, both with 100 in stock before. */
  const paidOrder = async () => {
    const [a, b] = await Promise.all([
      store().tools.create(buildTool({ availableQuantity: 100, minimumOrderQuantity: 1 })),
      store().tools.create(buildTool({ availableQuantity: 100, minimumOrderQuantity: 1 })),
    ]);
    const placed = await store().orders.place({
      ...buildOrderInput(a._id, { quantity: 10 }),
      lines: [
        { toolId: a._id, quantity: 10 },
        { toolId: b._id, quantity: 5 },
      ],
    });
    if (!placed.ok) throw new Error(placed.reason);
    await store().orders.markPaid(placed.order._id, 'pi_fulfil');
    const stock = async () =>
      Promise.all([a, b].map(async (t) => (await store().tools.get(t._id))?.availableQuantity));
    return { order: placed.order, stock };
  };

  it('when a paid order ships with a carrier and tracking number, then both are kept; shipping again changes nothing', async () => {
    const { order } = await paidOrder();
    const shipped = await store().orders.markShipped(
      order._id,
      { carrier: 'UPS', trackingNumber: '1Z999' },
      NOW,
    );
    expect(shipped).toMatchObject({
      status: 'shipped',
      shippedAt: NOW,
      carrier: 'UPS',
      trackingNumber: '1Z999',
    });
    const again = await store().orders.markShipped(order._id, { carrier: 'DHL' }, LATER);
    expect(again).toEqual(shipped);
    expect(await store().orders.get(order._id)).toEqual(shipped);
  });

  it('when a paid order ships without details, then it has none', async () => {
    const { order } = await paidOrder();
    const shipped = await store().orders.markShipped(order._id, {}, NOW);
    expect(shipped?.status).toBe('shipped');
    expect(shipped).not.toHaveProperty('carrier');
    expect(shipped).not.toHaveProperty('trackingNumber');
  });

  it('when a shipped order is delivered, then DELIVERED with the date, then ALREADY; other states are REFUSED', async () => {
    const { order } = await paidOrder();
    expect(await store().orders.markDelivered(order._id, NOW)).toMatchObject({
      outcome: 'REFUSED',
      order: { status: 'paid' },
    });
    await store().orders.markShipped(order._id, {}, NOW);
    const delivered = await store().orders.markDelivered(order._id, LATER);
    expect(delivered).toMatchObject({
      outcome: 'DELIVERED',
      order: { status: 'delivered', deliveredAt: LATER, isPaid: true },
    });
    expect(await store().orders.markDelivered(order._id, NOW)).toEqual({
      outcome: 'ALREADY',
      order: delivered?.order,
    });
    expect(await store().orders.markDelivered('d'.repeat(24), NOW)).toBeNull();
    expect(await store().orders.markDelivered('not-an-id', NOW)).toBeNull();
  });

  it('when a paid order is refunded, then every line returns to stock once and the refund is kept', async () => {
    const { order, stock } = await paidOrder();
    expect(await stock()).toEqual([90, 95]);
    const refund = { refundId: 're_1', reason: 'Customer changed plans', now: NOW };
    const first = await store().orders.markRefunded(order._id, refund);
    expect(first).toMatchObject({
      outcome: 'REFUNDED',
      order: {
        status: 'refunded',
        isPaid: true,
        refundId: 're_1',
        refundedAt: NOW,
        refundReason: 'Customer changed plans',
        refundRestocked: true,
      },
    });
    expect(await stock()).toEqual([100, 100]);
    const again = await store().orders.markRefunded(order._id, { refundId: 're_2', now: LATER });
    expect(again).toEqual({ outcome: 'ALREADY', order: first?.order });
    expect(await stock()).toEqual([100, 100]);
  });

  it('when a shipped or delivered order is refunded, then the stock stays (the goods are out)', async () => {
    for (const deliver of [false, true]) {
      const { order, stock } = await paidOrder();
      await store().orders.markShipped(order._id, { carrier: 'DHL' }, NOW);
      if (deliver) await store().orders.markDelivered(order._id, NOW);
      const result = await store().orders.markRefunded(order._id, { refundId: 're_s', now: LATER });
      expect(result).toMatchObject({
        outcome: 'REFUNDED',
        order: { status: 'refunded', carrier: 'DHL', refundRestocked: false },
      });
      expect(result?.order).not.toHaveProperty('refundReason');
      expect(await stock()).toEqual([90, 95]);
    }
  });

  it('when two refunds race, then one refunds and restocks, the other is ALREADY', async () => {
    const { order, stock } = await paidOrder();
    const results = await Promise.all([
      store().orders.markRefunded(order._id, { refundId: 're_a', now: NOW }),
      store().orders.markRefunded(order._id, { refundId: 're_b', now: NOW }),
    ]);
    expect(results.map((r) => r?.outcome).sort()).toEqual(['ALREADY', 'REFUNDED']);
    expect(await stock()).toEqual([100, 100]);
  });

  it('when an unpaid, cancelled or unknown order is refunded, then REFUSED or null and nothing moves', async () => {
    const tool = await store().tools.create(buildTool({ availableQuantity: 100 }));
    const placed = await store().orders.place(buildOrderInput(tool._id, { quantity: 10 }));
    if (!placed.ok) throw new Error(placed.reason);
    const refund = { refundId: 're_x', now: NOW };
    expect(await store().orders.markRefunded(placed.order._id, refund)).toEqual({
      outcome: 'REFUSED',
      order: placed.order,
    });
    await store().orders.cancelUnpaid(placed.order._id, NOW);
    expect((await store().orders.markRefunded(placed.order._id, refund))?.outcome).toBe('REFUSED');
    expect((await store().tools.get(tool._id))?.availableQuantity).toBe(100);
    expect(await store().orders.markRefunded('e'.repeat(24), refund)).toBeNull();
  });
}
