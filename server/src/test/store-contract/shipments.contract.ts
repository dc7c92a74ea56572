import { expect, it } from 'vitest';
import type { NewOrderInput, ToolInput } from '../../store/store.js';
import { buildOrderInput, buildTool } from '../factories.js';
import { useFreshStore, type StoreFactory } from './fresh-store.js';

const T0 = '2027-03-01T10:00:00.000Z';
const T1 = '2027-03-01T11:00:00.000Z';
const LATER = '2027-03-12T09:00:00.000Z';
const BATCH = '2027-03-12';
const NEXT = '2027-03-20';

/** Partial shipments and receiving a batch (issue 53): never more shipped than ordered or on hand. */
export function shipmentsContract(factory: StoreFactory): void {
  const store = useFreshStore(factory);
  const tool = (overrides: Partial<ToolInput> = {}) =>
    store().tools.create(
      buildTool({
        availableQuantity: 6,
        minimumOrderQuantity: 1,
        allowBackorders: true,
        leadTimeDays: null,
        incomingStock: [{ quantity: 10, expectedDate: BATCH }],
        ...overrides,
      }),
    );
  const paidOrder = async (
    toolId: string,
    quantity: number,
    extra: Partial<NewOrderInput> = {},
  ) => {
    const placed = await store().orders.place({
      ...buildOrderInput(toolId, { quantity }),
      now: T0,
      expiresAt: T1,
      ...extra,
    });
    if (!placed.ok) throw new Error(`expected an order, got ${placed.reason}`);
    await store().orders.markPaid(placed.order._id, `pi_${placed.order._id}`, T0);
    return placed.order;
  };

  it('when 6 of 10 are on hand, then 6 ship, the order is partly shipped and the rest is refused', async () => {
    const t = await tool();
    const order = await paidOrder(t._id, 10);
    const whole = await store().orders.recordShipment(order._id, { now: T1, whole: true });
    expect(whole).toMatchObject({ outcome: 'WAITING', readyNow: 6, waiting: 4 });
    const tooMany = await store().orders.recordShipment(order._id, {
      lines: [{ toolId: t._id, quantity: 7 }],
      now: T1,
    });
    expect(tooMany).toMatchObject({
      outcome: 'NOT_SHIPPABLE',
      plan: { reason: 'NOT_IN_STOCK', lineReadyNow: 6 },
    });
    const first = await store().orders.recordShipment(order._id, {
      lines: [{ toolId: t._id, quantity: 6 }],
      carrier: 'UPS',
      trackingNumber: '1Z1',
      now: T1,
    });
    expect(first).toMatchObject({ outcome: 'SHIPPED', order: { status: 'partly_shipped' } });
    const again = await store().orders.recordShipment(order._id, { now: T1 });
    expect(again).toMatchObject({ outcome: 'NOT_SHIPPABLE', plan: { reason: 'NOTHING_TO_SHIP' } });
    const stored = await store().orders.get(order._id);
    expect(stored?.shipments).toEqual([
      expect.objectContaining({
        lines: [{ toolId: t._id, quantity: 6 }],
        carrier: 'UPS',
        trackingNumber: '1Z1',
        shippedAt: T1,
      }),
    ]);
    expect(stored?.shippedAt).toBeUndefined();
  });

  it('when one shipment is asked twice at once with its Idempotency-Key, then it ships once; the key with other lines is refused', async () => {
    const t = await tool();
    const order = await paidOrder(t._id, 10);
    const claim = { scope: 'shipment' as const, key: 'k-1', fingerprint: 'f-1' };
    const ask = () =>
      store().orders.recordShipment(order._id, {
        lines: [{ toolId: t._id, quantity: 2 }],
        now: T1,
        idempotency: claim,
      });
    const outcomes = (await Promise.all([ask(), ask(), ask()])).map((r) => r?.outcome).sort();
    expect(outcomes).toEqual(['REPLAYED', 'REPLAYED', 'SHIPPED']);
    const other = await store().orders.recordShipment(order._id, {
      lines: [{ toolId: t._id, quantity: 3 }],
      now: T1,
      idempotency: { ...claim, fingerprint: 'f-2' },
    });
    expect(other?.outcome).toBe('KEY_REUSED');
    const stored = await store().orders.get(order._id);
    expect(stored?.shipments?.map((s) => s.lines)).toEqual([[{ toolId: t._id, quantity: 2 }]]);
  });

  it('when the batch arrives, then its promise is served, the rest ships and delivery follows each shipment', async () => {
    const t = await tool();
    const order = await paidOrder(t._id, 10);
    await store().orders.recordShipment(order._id, { now: T1 });
    const received = await store().orders.receiveBatch(t._id, {
      expectedDate: BATCH,
      quantity: 10,
      now: LATER,
    });
    expect(received).toMatchObject({ ok: true, served: 4, stockAdded: 6, moves: [] });
    const tAfter = await store().tools.get(t._id);
    expect(tAfter?.availableQuantity).toBe(6);
    expect(tAfter?.incomingStock).toEqual([]);
    const second = await store().orders.recordShipment(order._id, { now: LATER, carrier: 'DHL' });
    expect(second).toMatchObject({
      outcome: 'SHIPPED',
      order: { status: 'shipped', carrier: 'DHL' },
    });
    if (second?.outcome !== 'SHIPPED') throw new Error('expected a shipment');
    const [firstShipment] = second.order.shipments ?? [];
    const one = await store().orders.markShipmentsDelivered(
      order._id,
      firstShipment?._id ?? '',
      LATER,
    );
    expect(one).toMatchObject({ outcome: 'DELIVERED', order: { status: 'shipped' } });
    const all = await store().orders.markShipmentsDelivered(order._id, null, LATER);
    expect(all).toMatchObject({ outcome: 'DELIVERED', order: { status: 'delivered' } });
    expect(all?.order.shipments?.every((s) => s.deliveredAt === LATER)).toBe(true);
  });

  it('when fewer arrive than promised, then the oldest order is served and the newer moves to the next batch', async () => {
    const t = await tool({
      availableQuantity: 0,
      incomingStock: [
        { quantity: 10, expectedDate: BATCH },
        { quantity: 10, expectedDate: NEXT },
      ],
    });
    const older = await paidOrder(t._id, 5);
    const newer = await paidOrder(t._id, 5, { now: '2027-03-01T10:05:00.000Z' });
    const received = await store().orders.receiveBatch(t._id, {
      expectedDate: BATCH,
      quantity: 7,
      now: LATER,
    });
    expect(received).toMatchObject({
      ok: true,
      served: 7,
      stockAdded: 0,
      moves: [{ orderId: newer._id, quantity: 3, from: BATCH, to: NEXT }],
    });
    expect((await store().tools.get(t._id))?.incomingStock).toEqual([
      { quantity: 10, expectedDate: NEXT, promised: 3 },
    ]);
    const ready = await store().orders.listReadyToShip(10);
    expect(ready.map((o) => o._id)).toEqual([older._id, newer._id]);
    const shipNewer = await store().orders.recordShipment(newer._id, {
      lines: [{ toolId: t._id, quantity: 3 }],
      now: LATER,
    });
    expect(shipNewer).toMatchObject({ outcome: 'NOT_SHIPPABLE', plan: { lineReadyNow: 2 } });
  });

  it('when no batch is expected that day, then NO_SUCH_BATCH and nothing changes', async () => {
    const t = await tool();
    expect(
      await store().orders.receiveBatch(t._id, { expectedDate: NEXT, quantity: 3, now: LATER }),
    ).toEqual({ ok: false, reason: 'NO_SUCH_BATCH' });
    expect((await store().tools.get(t._id))?.availableQuantity).toBe(6);
  });

  it('when five shipments of 3 race on an order of 10 on hand, then 3 ship and never more than ordered', async () => {
    const t = await tool({ availableQuantity: 50 });
    const order = await paidOrder(t._id, 10);
    const results = await Promise.all(
      Array.from({ length: 5 }, () =>
        store().orders.recordShipment(order._id, {
          lines: [{ toolId: t._id, quantity: 3 }],
          now: T1,
        }),
      ),
    );
    expect(results.filter((r) => r?.outcome === 'SHIPPED')).toHaveLength(3);
    const stored = await store().orders.get(order._id);
    const shipped = (stored?.shipments ?? [])
      .flatMap((s) => s.lines)
      .reduce((n, l) => n + l.quantity, 0);
    expect(shipped).toBe(9);
    expect(stored?.status).toBe('partly_shipped');
  });

  it('when a batch is received while shipments race, then no unit ships twice or before it is on hand', async () => {
    const t = await tool();
    const order = await paidOrder(t._id, 10);
    const results = await Promise.all([
      store().orders.recordShipment(order._id, { now: LATER }),
      store().orders.receiveBatch(t._id, { expectedDate: BATCH, quantity: 10, now: LATER }),
      store().orders.recordShipment(order._id, { now: LATER }),
    ]);
    const stored = await store().orders.get(order._id);
    const shipped = (stored?.shipments ?? [])
      .flatMap((s) => s.lines)
      .reduce((n, l) => n + l.quantity, 0);
    expect(shipped).toBeLessThanOrEqual(10);
    expect(results[1]).toMatchObject({ ok: true, served: 4 });
    expect(stored?.status).toBe(shipped === 10 ? 'shipped' : 'partly_shipped');
  });

  it('when a partly shipped order is refunded, then only the units not shipped go back on the shelf', async () => {
    const t = await tool({ availableQuantity: 20, incomingStock: [] });
    const order = await paidOrder(t._id, 10);
    await store().orders.recordShipment(order._id, {
      lines: [{ toolId: t._id, quantity: 4 }],
      now: T1,
    });
    const refunded = await store().orders.markRefunded(order._id, { refundId: 're_1', now: LATER });
    expect(refunded).toMatchObject({ outcome: 'REFUNDED', order: { refundRestocked: true } });
    expect((await store().tools.get(t._id))?.availableQuantity).toBe(16);
  });

  it('when the whole order is shipped the old way, then it is one shipment of every line', async () => {
    const t = await tool({ availableQuantity: 20, incomingStock: [] });
    const order = await paidOrder(t._id, 10);
    const shipped = await store().orders.markShipped(order._id, { carrier: 'UPS' }, T1);
    expect(shipped).toMatchObject({ status: 'shipped', carrier: 'UPS', shippedAt: T1 });
    expect(shipped?.shipments?.map((s) => s.lines)).toEqual([[{ toolId: t._id, quantity: 10 }]]);
  });
}
