import { expect, it } from 'vitest';
import { BatchPromisedError, type NewOrderInput, type ToolInput } from '../../store/store.js';
import { buildOrderInput, buildTool } from '../factories.js';
import { useFreshStore, type StoreFactory } from './fresh-store.js';

const T0 = '2027-03-01T10:00:00.000Z';
const T1 = '2027-03-01T11:00:00.000Z';
const AFTER = '2027-03-01T11:00:00.001Z';
const BATCH = '2027-03-12';

/** Orders beyond stock held against incoming batches and the lead time; never more than a batch. */
export function backordersContract(factory: StoreFactory): void {
  const store = useFreshStore(factory);
  const tool = (overrides: Partial<ToolInput> = {}) =>
    store().tools.create(
      buildTool({
        availableQuantity: 30,
        minimumOrderQuantity: 10,
        allowBackorders: true,
        leadTimeDays: null,
        incomingStock: [{ quantity: 55, expectedDate: BATCH }],
        ...overrides,
      }),
    );
  const order = (toolId: string, quantity: number, extra: Partial<NewOrderInput> = {}) =>
    store().orders.place({
      ...buildOrderInput(toolId, { quantity }),
      now: T0,
      expiresAt: T1,
      ...extra,
    });
  const state = async (id: string) => {
    const t = await store().tools.get(id);
    return { stock: t?.availableQuantity, promised: t?.incomingStock.map((b) => b.promised) };
  };

  it('when an order goes beyond stock, then the rest is held against the batch, then the lead time', async () => {
    const t = await tool({ leadTimeDays: 21 });
    const placed = await order(t._id, 100);
    if (!placed.ok) throw new Error('expected an order');
    expect(placed.order.items[0]?.allocations).toEqual([
      { quantity: 30, from: 'stock', shipDate: '2027-03-01' },
      { quantity: 55, from: 'batch', shipDate: BATCH, batch: BATCH },
      { quantity: 15, from: 'lead', shipDate: '2027-03-22' },
    ]);
    expect(await state(t._id)).toEqual({ stock: 0, promised: [55] });
    expect(await store().orders.get(placed.order._id)).toEqual(placed.order);
  });

  it('when a line is wholly in stock, then it keeps no allocations', async () => {
    const t = await tool();
    const placed = await order(t._id, 10);
    if (!placed.ok) throw new Error('expected an order');
    expect(placed.order.items[0]?.allocations).toBeUndefined();
  });

  it('when the tool does not allow backorders, then beyond stock is OUT_OF_STOCK and nothing moves', async () => {
    const t = await tool({ allowBackorders: false });
    const result = await order(t._id, 31);
    expect(result).toMatchObject({ ok: false, reason: 'OUT_OF_STOCK' });
    expect(await state(t._id)).toEqual({ stock: 30, promised: [0] });
  });

  it('when 20 orders race for stock 30 and a batch of 55, then 8 are placed and the batch is never over-promised', async () => {
    const t = await tool();
    const results = await Promise.all(Array.from({ length: 20 }, () => order(t._id, 10)));
    const placed = results.filter((r) => r.ok);
    expect(placed).toHaveLength(8);
    expect(results.filter((r) => !r.ok).every((r) => !r.ok && r.reason === 'OUT_OF_STOCK')).toBe(
      true,
    );
    expect(await state(t._id)).toEqual({ stock: 0, promised: [50] });
    const held = placed
      .flatMap((r) => (r.ok ? r.order.items : []))
      .flatMap((line) => line.allocations ?? [])
      .filter((part) => part.from === 'batch')
      .reduce((sum, part) => sum + part.quantity, 0);
    expect(held).toBe(50);
  });

  it('when backordered orders are cancelled, expire or are refunded unshipped, then stock and batch get every unit back', async () => {
    const t = await tool({ leadTimeDays: 21 });
    const cancelled = await order(t._id, 40);
    if (!cancelled.ok) throw new Error('expected an order');
    expect(await state(t._id)).toEqual({ stock: 0, promised: [10] });
    expect(await store().orders.cancelUnpaid(cancelled.order._id, T0)).toBe('CANCELLED');
    expect(await state(t._id)).toEqual({ stock: 30, promised: [0] });

    const expiring = await order(t._id, 90);
    if (!expiring.ok) throw new Error('expected an order');
    expect(await state(t._id)).toEqual({ stock: 0, promised: [55] });
    expect(await store().orders.expireDue(AFTER)).toHaveLength(1);
    expect(await state(t._id)).toEqual({ stock: 30, promised: [0] });

    const refunded = await order(t._id, 50);
    if (!refunded.ok) throw new Error('expected an order');
    await store().orders.markPaid(refunded.order._id, 'pi_back', T0);
    await store().orders.markRefunded(refunded.order._id, { refundId: 're_back', now: T0 });
    expect(await state(t._id)).toEqual({ stock: 30, promised: [0] });
  });

  it('when an expired backorder is paid, then it is held again only if the batch still has it', async () => {
    const t = await tool();
    const late = await order(t._id, 80);
    if (!late.ok) throw new Error('expected an order');
    await store().orders.expireDue(AFTER);
    const rival = await order(t._id, 40, { now: AFTER, expiresAt: '2027-03-01T13:00:00.000Z' });
    expect(rival.ok).toBe(true);
    expect(await state(t._id)).toEqual({ stock: 0, promised: [10] });
    const paid = await store().orders.markPaid(late.order._id, 'pi_late', AFTER);
    expect(paid?.outcome).toBe('NOT_PAYABLE');
    expect(await state(t._id)).toEqual({ stock: 0, promised: [10] });
  });

  it('when the admin edits the batches, then promised units stay with their batch; below them is refused', async () => {
    const t = await tool();
    await order(t._id, 60);
    const base = { ...buildTool(), availableQuantity: 0, minimumOrderQuantity: 10 };
    const moved = await store().tools.update(t._id, {
      ...base,
      incomingStock: [
        { quantity: 100, expectedDate: '2027-04-01' },
        { quantity: 40, expectedDate: BATCH },
      ],
    });
    expect(moved !== null && moved !== 'STOCK_CHANGED' && moved.incomingStock).toEqual([
      { quantity: 40, expectedDate: BATCH, promised: 30 },
      { quantity: 100, expectedDate: '2027-04-01', promised: 0 },
    ]);
    await expect(
      store().tools.update(t._id, {
        ...base,
        incomingStock: [{ quantity: 29, expectedDate: BATCH }],
      }),
    ).rejects.toBeInstanceOf(BatchPromisedError);
    await expect(
      store().tools.update(t._id, { ...base, incomingStock: [] }),
    ).rejects.toBeInstanceOf(BatchPromisedError);
    const sku = (await store().tools.get(t._id))?.sku ?? '';
    await expect(
      store().tools.importCatalogue({
        creates: [],
        updates: [{ id: t._id, input: { ...base, sku, incomingStock: [] } }],
      }),
    ).rejects.toBeInstanceOf(BatchPromisedError);
    expect((await state(t._id)).promised).toEqual([30, 0]);
  });
}
