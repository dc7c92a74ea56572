import request from 'supertest';
import { beforeAll, describe, expect, it } from 'vitest';
import { AdminOrderListSchema, AdminOrderSchema } from '@toolworks/contract/admin-orders';
import { ErrorBodySchema } from '@toolworks/contract/errors';
import type { OrderRecord } from '../../store/store.js';
import { buildOrderInput, buildTool } from '../../test/factories.js';
import { useAdminTestApp } from '../../test/admin-test-app.js';
import type { ShopSession } from '../../test/sign-in.js';

const shop = useAdminTestApp();

async function placeOrder(quantity = 10, email?: string): Promise<OrderRecord> {
  const tool = await shop.store.tools.create(
    buildTool({ priceCents: 1250, availableQuantity: 100 }),
  );
  const placed = await shop.store.orders.place(
    buildOrderInput(tool._id, { quantity, ...(email && { userEmail: email }) }),
  );
  if (!placed.ok) throw new Error(placed.reason);
  return placed.order;
}

const paidOrder = async () => {
  const order = await placeOrder();
  return (await shop.store.orders.markPaid(order._id, `pi_test_${order._id}`))
    ?.order as OrderRecord;
};

const as = (session: ShopSession | null, method: 'get' | 'patch', url: string) => {
  const req = request(shop.app)[method](url);
  return session ? req.set('Authorization', session.bearer) : req;
};
const ids = (body: { _id: string }[]) => body.map((o) => o._id);

// Runs first, on the orders it creates: every other test only adds orders after it.
describe('GET /api/orders', () => {
  let unpaid: OrderRecord[];
  let paid: OrderRecord;
  let shipped: OrderRecord;
  beforeAll(async () => {
    unpaid = [await placeOrder(12, shop.customer.email), await placeOrder(), await placeOrder()];
    paid = await paidOrder();
    shipped = (await shop.store.orders.markShipped((await paidOrder())._id)) as OrderRecord;
  });

  it('when nobody or a customer asks, then 401 or 403', async () => {
    expect(
      ErrorBodySchema.parse((await as(null, 'get', '/api/orders').expect(401)).body).error.code,
    ).toBe('UNAUTHENTICATED');
    expect(
      ErrorBodySchema.parse((await as(shop.customer, 'get', '/api/orders').expect(403)).body).error
        .code,
    ).toBe('FORBIDDEN');
  });

  it("when an admin asks, then every customer's orders come newest first with the total", async () => {
    const res = await as(shop.admin, 'get', '/api/orders').expect(200);
    const orders = AdminOrderListSchema.parse(res.body);
    expect(ids(orders)).toEqual([shipped._id, paid._id, ...ids(unpaid).reverse()]);
    expect(res.headers['x-total-count']).toBe('5');
    // toMatchObject while the wire's issue-13 fields come from a temporary mapping (cartui);
    // the orders branch's version of this test pins them.
    expect(orders.at(-1)).toMatchObject({
      _id: unpaid[0]?._id,
      number: `TW-${unpaid[0]?.number}`,
      status: 'unpaid',
      items: [
        {
          toolId: unpaid[0]?.toolId,
          name: unpaid[0]?.name,
          unitPrice: 12.5,
          quantity: 12,
          lineTotal: 150,
        },
      ],
      toolId: unpaid[0]?.toolId,
      name: unpaid[0]?.name,
      price: 150,
      quantity: 12,
      userName: unpaid[0]?.userName,
      userEmail: shop.customer.email.toLowerCase(),
      userPhone: unpaid[0]?.userPhone,
      userAddress: unpaid[0]?.userAddress,
      isPaid: false,
      iscancelled: false,
      shipped: false,
      expiresAt: unpaid[0]?.expiresAt,
      createdAt: unpaid[0]?.createdAt,
    });
    expect(orders[0]).toMatchObject({
      isPaid: true,
      shipped: true,
      transactionId: `pi_test_${shipped._id}`,
      paidAt: shipped.paidAt,
      shippedAt: shipped.shippedAt,
    });
  });

  it.each([
    ['unpaid', () => ids(unpaid).reverse(), '3'],
    ['paid', () => [paid._id], '1'],
    ['shipped', () => [shipped._id], '1'],
    ['', () => [shipped._id, paid._id, ...ids(unpaid).reverse()], '5'],
  ])('when filtered by status %j, then only those orders come', async (status, expected, total) => {
    const res = await as(shop.admin, 'get', `/api/orders?status=${status}`).expect(200);
    expect(ids(res.body)).toEqual(expected());
    expect(res.headers['x-total-count']).toBe(total);
  });

  it('when paged, then that slice comes with the total of the filter', async () => {
    const res = await as(shop.admin, 'get', '/api/orders?status=unpaid&page=2&limit=2').expect(200);
    expect(ids(res.body)).toEqual([unpaid[0]?._id]);
    expect(res.headers['x-total-count']).toBe('3');
  });

  it.each([
    ['status=lost', 'status'],
    ['page=0', 'page'],
    ['limit=101', 'limit'],
    ['limit=abc', 'limit'],
  ])('when the query has %s, then 400 naming the field', async (query, field) => {
    const res = await as(shop.admin, 'get', `/api/orders?${query}`).expect(400);
    expect(ErrorBodySchema.parse(res.body).error.details).toEqual([
      expect.objectContaining({ path: field }),
    ]);
  });
});

describe('PATCH /api/order/:id/ship', () => {
  it('when nobody or a customer ships, then 401 or 403 and the order stays unshipped', async () => {
    const order = await paidOrder();
    await as(null, 'patch', `/api/order/${order._id}/ship`).expect(401);
    await as(shop.customer, 'patch', `/api/order/${order._id}/ship`).expect(403);
    expect(await shop.store.orders.get(order._id)).not.toHaveProperty('shippedAt');
  });

  it('when an admin ships a paid order, then it answers the order shipped and lists as shipped', async () => {
    const order = await paidOrder();
    const res = await as(shop.admin, 'patch', `/api/order/${order._id}/ship`).expect(200);
    const shipped = AdminOrderSchema.parse(res.body);
    expect(shipped).toMatchObject({ _id: order._id, isPaid: true, shipped: true });
    expect(new Date(shipped.shippedAt ?? '').toISOString()).toBe(shipped.shippedAt);
    const list = await as(shop.admin, 'get', '/api/orders?status=shipped&limit=100').expect(200);
    expect(ids(list.body)).toContain(order._id);
  });

  it('when the order is shipped already, then 200 with it unchanged', async () => {
    const order = await paidOrder();
    const first = await as(shop.admin, 'patch', `/api/order/${order._id}/ship`).expect(200);
    const again = await as(shop.admin, 'patch', `/api/order/${order._id}/ship`).expect(200);
    expect(again.body).toEqual(first.body);
  });

  it('when the order is unpaid, then 409 and it is not shipped', async () => {
    const order = await placeOrder();
    const res = await as(shop.admin, 'patch', `/api/order/${order._id}/ship`).expect(409);
    expect(ErrorBodySchema.parse(res.body).error).toMatchObject({
      code: 'CONFLICT',
      message: 'Only a paid order can be shipped',
    });
    expect(await shop.store.orders.get(order._id)).toEqual(order);
  });

  it('when no order has that id, then 404; when the id is malformed, then 400', async () => {
    await as(shop.admin, 'patch', `/api/order/${'f'.repeat(24)}/ship`).expect(404);
    const res = await as(shop.admin, 'patch', '/api/order/xyz/ship').expect(400);
    expect(ErrorBodySchema.parse(res.body).error.message).toContain('Malformed id');
  });

  it('when the tool was deleted after payment, then the order still ships', async () => {
    const order = await paidOrder();
    await shop.store.tools.delete(order.toolId);
    const res = await as(shop.admin, 'patch', `/api/order/${order._id}/ship`).expect(200);
    expect(res.body).toMatchObject({ _id: order._id, name: order.name, shipped: true });
  });
});
