import { expect, it } from 'vitest';
import type { NewOrderInput } from '../../store/store.js';
import { buildOrderInput, buildTool } from '../factories.js';
import { useFreshStore, type StoreFactory } from './fresh-store.js';

export function orderLifecycleContract(factory: StoreFactory): void {
  const store = useFreshStore(factory);
  const placeOrder = async (overrides: Partial<NewOrderInput> = {}) => {
    const tool = await store().tools.create(buildTool({ availableQuantity: 100 }));
    const result = await store().orders.place(
      buildOrderInput(tool._id, { quantity: 10, ...overrides }),
    );
    if (!result.ok) throw new Error(result.reason);
    return { tool, order: result.order };
  };

  it('when an unpaid order is cancelled, then it stays as cancelled and its stock returns', async () => {
    const { tool, order } = await placeOrder();
    expect((await store().tools.get(tool._id))?.availableQuantity).toBe(90);
    expect(await store().orders.cancelUnpaid(order._id)).toBe('CANCELLED');
    expect(await store().orders.get(order._id)).toMatchObject({
      status: 'cancelled',
      isPaid: false,
    });
    expect(await store().orders.get(order._id)).not.toHaveProperty('expiresAt');
    expect((await store().tools.get(tool._id))?.availableQuantity).toBe(100);
    expect(await store().orders.cancelUnpaid(order._id)).toBe('NOT_UNPAID');
    expect((await store().tools.get(tool._id))?.availableQuantity).toBe(100);
    expect(await store().orders.cancelUnpaid('c'.repeat(24))).toBe('NOT_FOUND');
    expect(await store().orders.cancelUnpaid('not-an-id')).toBe('NOT_FOUND');
  });

  it('when a paid order is cancelled, then PAID and the order and stock stay', async () => {
    const { tool, order } = await placeOrder();
    await store().orders.markPaid(order._id, 'txn_1');
    expect(await store().orders.cancelUnpaid(order._id)).toBe('PAID');
    expect(await store().orders.get(order._id)).toMatchObject({ isPaid: true });
    expect((await store().tools.get(tool._id))?.availableQuantity).toBe(90);
  });

  it('when an order is marked paid twice, then the first payment is kept', async () => {
    const { order } = await placeOrder();
    await store().orders.setPaymentIntent(order._id, 'pi_123');
    const paid = await store().orders.markPaid(order._id, 'txn_first');
    expect(paid?.outcome).toBe('PAID');
    expect(paid?.order).toMatchObject({
      status: 'paid',
      isPaid: true,
      transactionId: 'txn_first',
      paymentIntentId: 'pi_123',
    });
    expect(typeof paid?.order.paidAt).toBe('string');
    expect(await store().orders.markPaid(order._id, 'txn_second')).toEqual({
      outcome: 'ALREADY_PAID',
      order: paid?.order,
    });
    expect(await store().orders.markPaid('c'.repeat(24), 'txn')).toBeNull();
  });

  it('when shipping, then only paid orders ship, and shipping again changes nothing', async () => {
    const { order } = await placeOrder();
    expect(await store().orders.markShipped(order._id)).toBeNull();
    expect(await store().orders.get(order._id)).not.toHaveProperty('shippedAt');
    await store().orders.markPaid(order._id, 'txn');
    const shipped = await store().orders.markShipped(order._id);
    expect(shipped).toMatchObject({ status: 'shipped', isPaid: true });
    expect(typeof shipped?.shippedAt).toBe('string');
    expect(await store().orders.markShipped(order._id)).toEqual(shipped);
    expect(await store().orders.markShipped('d'.repeat(24))).toBeNull();
  });

  it("when listing a buyer's orders, then only theirs come, newest first, whatever the email case", async () => {
    const first = await placeOrder({ userEmail: 'ana@example.com' });
    const second = await placeOrder({ userEmail: 'ANA@example.com' });
    await placeOrder({ userEmail: 'other@example.com' });
    const listed = await store().orders.listByEmail('Ana@Example.com');
    expect(listed.map((o) => o._id)).toEqual([second.order._id, first.order._id]);
    expect(await store().orders.listByEmail('nobody@example.com')).toEqual([]);
  });

  it('when listing all orders by status, then unpaid, paid and shipped are told apart and paged', async () => {
    const unpaid = [await placeOrder(), await placeOrder(), await placeOrder()].map(
      (o) => o.order._id,
    );
    const paid = (await placeOrder()).order._id;
    const shipped = (await placeOrder()).order._id;
    await store().orders.markPaid(paid, 'txn_a');
    await store().orders.markPaid(shipped, 'txn_b');
    await store().orders.markShipped(shipped);

    const ids = async (status?: 'unpaid' | 'paid' | 'shipped') =>
      (await store().orders.list({ status, offset: 0, limit: 10 })).items.map((o) => o._id);
    expect(await ids('unpaid')).toEqual([...unpaid].reverse());
    expect(await ids('paid')).toEqual([paid]);
    expect(await ids('shipped')).toEqual([shipped]);
    expect(await ids()).toEqual([shipped, paid, ...[...unpaid].reverse()]);

    const page = await store().orders.list({ status: 'unpaid', offset: 1, limit: 1 });
    expect(page).toMatchObject({ total: 3, items: [{ _id: unpaid[1] }] });
  });
}
