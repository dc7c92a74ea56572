import { expect, it } from 'vitest';
import { isId } from '../../store/store.js';
import { buildOrderInput, buildTool } from '../factories.js';
import { useFreshStore, type StoreFactory } from './fresh-store.js';

export function ordersContract(factory: StoreFactory): void {
  const store = useFreshStore(factory);
  const stockOf = async (id: string) => (await store().tools.get(id))?.availableQuantity;

  it('when an order is placed, then it is priced from the tool and the stock is reserved', async () => {
    const tool = await store().tools.create(
      buildTool({
        name: 'Bench Vise',
        priceCents: 7800,
        availableQuantity: 100,
        minimumOrderQuantity: 10,
      }),
    );
    const input = buildOrderInput(tool._id, { quantity: 12, userEmail: 'Buyer.One@Example.COM' });
    const result = await store().orders.place(input);
    if (!result.ok) throw new Error(`expected an order, got ${result.reason}`);
    const { order } = result;
    expect(isId(order._id)).toBe(true);
    expect(order).toMatchObject({
      toolId: tool._id,
      name: 'Bench Vise',
      unitPriceCents: 7800,
      priceCents: 12 * 7800,
      quantity: 12,
      userName: input.userName,
      userEmail: 'buyer.one@example.com',
      userPhone: input.userPhone,
      userAddress: input.userAddress,
      isPaid: false,
    });
    // The spec's `iscancelled` is worked out for the wire, never stored.
    expect(order).not.toHaveProperty('iscancelled');
    for (const absent of ['transactionId', 'paymentIntentId', 'paidAt', 'shippedAt'])
      expect(order).not.toHaveProperty(absent);
    expect(await store().orders.get(order._id)).toEqual(order);
    expect(await stockOf(tool._id)).toBe(88);
  });

  it('when an order of several lines with a PO is placed, then it answers the order exactly as stored', async () => {
    const vise = await store().tools.create(
      buildTool({ name: 'Vise', sku: 'VS-1', priceCents: 1500, minimumOrderQuantity: 1 }),
    );
    const clamp = await store().tools.create(
      buildTool({ name: 'Clamp', priceCents: 250, minimumOrderQuantity: 1 }),
    );
    const placed = await store().orders.place({
      ...buildOrderInput(vise._id, { poReference: 'PO-42' }),
      lines: [
        { toolId: vise._id, quantity: 2 },
        { toolId: clamp._id, quantity: 3 },
        { toolId: vise._id, quantity: 1 },
      ],
    });
    if (!placed.ok) throw new Error(`expected an order, got ${placed.reason}`);
    expect(placed.order).toMatchObject({
      poReference: 'PO-42',
      priceCents: 3 * 1500 + 3 * 250,
      items: [
        { toolId: vise._id, name: 'Vise', sku: 'VS-1', quantity: 3, lineTotalCents: 4500 },
        { toolId: clamp._id, name: 'Clamp', quantity: 3, lineTotalCents: 750 },
      ],
    });
    expect(await store().orders.get(placed.order._id)).toEqual(placed.order);
  });

  it('when an order is placed with its email, then the email is queued with it, and a refused order queues none', async () => {
    const tool = await store().tools.create(
      buildTool({ availableQuantity: 15, minimumOrderQuantity: 10 }),
    );
    const placed = await store().orders.place(
      buildOrderInput(tool._id, { quantity: 10, emailBuyer: true }),
    );
    const refused = await store().orders.place(
      buildOrderInput(tool._id, { quantity: 10, emailBuyer: true }),
    );

    if (!placed.ok) throw new Error(`expected an order, got ${placed.reason}`);
    expect(refused).toMatchObject({ ok: false, reason: 'OUT_OF_STOCK' });
    const { items } = await store().outbox.list({ offset: 0, limit: 10 });
    expect(items).toEqual([
      expect.objectContaining({
        kind: 'order-placed',
        orderId: placed.order._id,
        to: placed.order.userEmail,
        subject: `Order TW-${placed.order.number} placed: please pay to confirm`,
        status: 'pending',
      }),
    ]);
  });

  it('when the quantity is below the tool minimum, then BELOW_MINIMUM and the stock is untouched', async () => {
    const tool = await store().tools.create(
      buildTool({ availableQuantity: 100, minimumOrderQuantity: 25 }),
    );
    expect(await store().orders.place(buildOrderInput(tool._id, { quantity: 24 }))).toEqual({
      ok: false,
      reason: 'BELOW_MINIMUM',
      lines: [
        {
          toolId: tool._id,
          name: tool.name,
          quantity: 24,
          availableQuantity: 100,
          minimumOrderQuantity: 25,
          quantityStep: 1,
        },
      ],
    });
    expect(await stockOf(tool._id)).toBe(100);
  });

  it('when the quantity exceeds the stock, then OUT_OF_STOCK; exactly the stock sells out', async () => {
    const tool = await store().tools.create(
      buildTool({ availableQuantity: 30, minimumOrderQuantity: 10 }),
    );
    expect(await store().orders.place(buildOrderInput(tool._id, { quantity: 31 }))).toEqual({
      ok: false,
      reason: 'OUT_OF_STOCK',
      lines: [
        {
          toolId: tool._id,
          name: tool.name,
          quantity: 31,
          availableQuantity: 30,
          minimumOrderQuantity: 10,
          quantityStep: 1,
        },
      ],
    });
    expect((await store().orders.place(buildOrderInput(tool._id, { quantity: 30 }))).ok).toBe(true);
    expect(await stockOf(tool._id)).toBe(0);
  });

  it('when the tool does not exist, then TOOL_NOT_FOUND', async () => {
    for (const toolId of ['b'.repeat(24), 'not-an-id'])
      expect(await store().orders.place(buildOrderInput(toolId))).toMatchObject({
        ok: false,
        reason: 'TOOL_NOT_FOUND',
      });
    expect((await store().orders.list({ offset: 0, limit: 10 })).total).toBe(0);
  });

  it('when many orders race for more than the stock, then the stock is never oversold', async () => {
    const tool = await store().tools.create(
      buildTool({ availableQuantity: 100, minimumOrderQuantity: 10 }),
    );
    const results = await Promise.all(
      Array.from({ length: 25 }, () =>
        store().orders.place(buildOrderInput(tool._id, { quantity: 10 })),
      ),
    );
    expect(results.filter((r) => r.ok)).toHaveLength(10);
    expect(results.filter((r) => !r.ok && r.reason === 'OUT_OF_STOCK')).toHaveLength(15);
    expect(await stockOf(tool._id)).toBe(0);
    expect((await store().orders.list({ offset: 0, limit: 100 })).total).toBe(10);
  });

  it('when the tool is deleted later, then its orders remain readable and cancellable', async () => {
    const tool = await store().tools.create(buildTool({ name: 'Old Saw' }));
    const placed = await store().orders.place(buildOrderInput(tool._id));
    if (!placed.ok) throw new Error(placed.reason);
    await store().tools.delete(tool._id);
    expect(await store().orders.get(placed.order._id)).toMatchObject({ name: 'Old Saw' });
    expect(await store().orders.cancelUnpaid(placed.order._id)).toBe('CANCELLED');
  });
}
