import request from 'supertest';
import { describe, expect, it } from 'vitest';
import { OrderListSchema, OrderSchema } from '@toolworks/contract/orders';
import { buildOrderInput, buildTool } from '../../test/factories.js';
import { type ShopSession } from '../../test/sign-in.js';
import { testConfig, useSignedIn, useTestApp } from '../../test/test-app.js';

const shop = useSignedIn(useTestApp(testConfig({ MAX_UNPAID_ORDERS: '1000' })), {
  alice: { displayName: 'Alice Buyer' },
  bob: { displayName: 'Bob Buyer' },
  admin: { displayName: 'Ada Admin', admin: true },
});

const stockOf = async (id: string) => (await shop.store.tools.get(id))?.availableQuantity;

/** An order of `quantity` placed straight in the store for `owner`; the tool starts with 100. */
async function orderFor(owner: ShopSession, quantity = 10, toolName?: string) {
  const tool = await shop.store.tools.create(
    buildTool({
      availableQuantity: 100,
      minimumOrderQuantity: 5,
      ...(toolName && { name: toolName }),
    }),
  );
  const placed = await shop.store.orders.place(
    buildOrderInput(tool._id, { quantity, userEmail: owner.email }),
  );
  if (!placed.ok) throw new Error(placed.reason);
  return { tool, order: placed.order };
}

const as = (session: ShopSession | null, method: 'get' | 'delete', url: string) => {
  const req = request(shop.app)[method](url);
  return session ? req.set('Authorization', session.bearer) : req;
};

describe('GET /api/myOrders/:email', () => {
  it('when a customer asks for their own orders, then theirs only, newest first', async () => {
    const first = await orderFor(shop.alice);
    const second = await orderFor(shop.alice);
    await orderFor(shop.bob);

    const res = await as(
      shop.alice,
      'get',
      `/api/myOrders/${encodeURIComponent(shop.alice.email)}`,
    ).expect(200);

    const orders = OrderListSchema.parse(res.body);
    expect(orders.map((o) => o._id)).toEqual([second.order._id, first.order._id]);
    expect(res.headers['cache-control']).toBe('private, no-store');
  });

  it('when the email in the path differs in letter case, then it is the same customer', async () => {
    await orderFor(shop.alice);
    const res = await as(
      shop.alice,
      'get',
      `/api/myOrders/${encodeURIComponent(shop.alice.email.toUpperCase())}`,
    ).expect(200);
    expect(res.body.length).toBeGreaterThan(0);
  });

  it("when a customer asks for someone else's orders, then 403", async () => {
    const res = await as(
      shop.bob,
      'get',
      `/api/myOrders/${encodeURIComponent(shop.alice.email)}`,
    ).expect(403);
    expect(res.body.error.code).toBe('FORBIDDEN');
  });

  it("when an admin asks for a customer's orders, then they get them", async () => {
    const { order } = await orderFor(shop.alice);
    const res = await as(
      shop.admin,
      'get',
      `/api/myOrders/${encodeURIComponent(shop.alice.email)}`,
    ).expect(200);
    expect(res.body.map((o: { _id: string }) => o._id)).toContain(order._id);
  });

  it('when nobody is signed in, then 401; when the email is malformed, then 400', async () => {
    await as(null, 'get', `/api/myOrders/${encodeURIComponent(shop.alice.email)}`).expect(401);
    const res = await as(shop.alice, 'get', '/api/myOrders/not-an-email').expect(400);
    expect(res.body.error.code).toBe('VALIDATION_ERROR');
  });
});

describe('GET /api/order/:id', () => {
  it('when the owner or an admin asks, then the order; anyone else gets 404; nobody signed in 401', async () => {
    const { order } = await orderFor(shop.alice, 12);
    const own = await as(shop.alice, 'get', `/api/order/${order._id}`).expect(200);
    expect(OrderSchema.parse(own.body)).toMatchObject({
      _id: order._id,
      quantity: 12,
      userEmail: shop.alice.email,
    });
    await as(shop.admin, 'get', `/api/order/${order._id}`).expect(200);
    const other = await as(shop.bob, 'get', `/api/order/${order._id}`).expect(404);
    expect(other.body.error).toEqual({ code: 'NOT_FOUND', message: 'Order not found' });
    await as(null, 'get', `/api/order/${order._id}`).expect(401);
  });

  it('when the id is malformed, then 400; when unknown, then 404', async () => {
    const bad = await as(shop.alice, 'get', '/api/order/12345').expect(400);
    expect(bad.body.error.message).toContain('Malformed id');
    await as(shop.alice, 'get', `/api/order/${'c'.repeat(24)}`).expect(404);
  });

  it('when the tool was deleted since, then the order still reads with its name and price', async () => {
    const { tool, order } = await orderFor(shop.alice, 10, 'Retired Saw');
    await shop.store.tools.delete(tool._id);
    const res = await as(shop.alice, 'get', `/api/order/${order._id}`).expect(200);
    expect(res.body).toMatchObject({
      name: 'Retired Saw',
      price: order.priceCents / 100,
      toolId: tool._id,
    });
    const list = await as(
      shop.alice,
      'get',
      `/api/myOrders/${encodeURIComponent(shop.alice.email)}`,
    ).expect(200);
    expect(list.body.map((o: { _id: string }) => o._id)).toContain(order._id);
  });
});

describe('DELETE /api/order/:id', () => {
  it('when the owner cancels an unpaid order, then deletedCount 1, the order stays as cancelled and the stock is back', async () => {
    const { tool, order } = await orderFor(shop.alice, 30);
    expect(await stockOf(tool._id)).toBe(70);

    const res = await as(shop.alice, 'delete', `/api/order/${order._id}`).expect(200);

    expect(res.body).toEqual({ deletedCount: 1 });
    expect(await stockOf(tool._id)).toBe(100);
    const read = await as(shop.alice, 'get', `/api/order/${order._id}`).expect(200);
    expect(OrderSchema.parse(read.body)).toMatchObject({
      status: 'cancelled',
      iscancelled: true,
      isPaid: false,
    });
    expect(read.body).not.toHaveProperty('expiresAt');
    const again = await as(shop.alice, 'delete', `/api/order/${order._id}`).expect(409);
    expect(again.body.error).toEqual({
      code: 'CONFLICT',
      message: 'This order is cancelled already',
    });
    expect(await stockOf(tool._id)).toBe(100);
  });

  it("when an admin cancels any customer's unpaid order, then it is cancelled and every line's stock returns", async () => {
    const { tool, order } = await orderFor(shop.alice, 20);
    await as(shop.admin, 'delete', `/api/order/${order._id}`).expect(200, { deletedCount: 1 });
    expect(await stockOf(tool._id)).toBe(100);
    expect((await shop.store.orders.get(order._id))?.status).toBe('cancelled');
    const { order: bobs, tool: bobsTool } = await orderFor(shop.bob, 15);
    await as(shop.admin, 'delete', `/api/order/${bobs._id}`).expect(200, { deletedCount: 1 });
    expect(await stockOf(bobsTool._id)).toBe(100);
  });

  it('when another customer tries, then 404 and nothing changes; nobody signed in, 401', async () => {
    const { tool, order } = await orderFor(shop.alice, 20);
    await as(shop.bob, 'delete', `/api/order/${order._id}`).expect(404);
    await as(null, 'delete', `/api/order/${order._id}`).expect(401);
    expect(await shop.store.orders.get(order._id)).not.toBeNull();
    expect(await stockOf(tool._id)).toBe(80);
  });

  it('when the order is paid, then 409 and it stays paid with its stock reserved', async () => {
    const { tool, order } = await orderFor(shop.alice, 20);
    await shop.store.orders.markPaid(order._id, 'pi_test_paid');

    const res = await as(shop.alice, 'delete', `/api/order/${order._id}`).expect(409);

    expect(res.body.error).toEqual({
      code: 'CONFLICT',
      message: 'This order is paid and can no longer be cancelled',
    });
    expect(await shop.store.orders.get(order._id)).toMatchObject({
      isPaid: true,
      transactionId: 'pi_test_paid',
    });
    expect(await stockOf(tool._id)).toBe(80);
    const read = await as(shop.alice, 'get', `/api/order/${order._id}`).expect(200);
    expect(read.body).toMatchObject({
      isPaid: true,
      transactionId: 'pi_test_paid',
      shipped: false,
    });
  });

  it('when the tool was deleted since, then the unpaid order can still be cancelled', async () => {
    const { tool, order } = await orderFor(shop.alice);
    await shop.store.tools.delete(tool._id);
    await as(shop.alice, 'delete', `/api/order/${order._id}`).expect(200, { deletedCount: 1 });
  });

  it('when the id is malformed, then 400', async () => {
    const res = await as(shop.alice, 'delete', '/api/order/zzz').expect(400);
    expect(res.body.error.code).toBe('VALIDATION_ERROR');
  });
});
