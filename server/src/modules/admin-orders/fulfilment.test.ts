import request from 'supertest';
import { beforeAll, describe, expect, it } from 'vitest';
import { AdminOrderSchema } from '@toolworks/contract/admin-orders';
import { ErrorBodySchema } from '@toolworks/contract/errors';
import { OrderSchema } from '@toolworks/contract/orders';
import { isTestGateway } from '../payments/gateways/index.js';
import { placeOrder, useTestGatewayShop } from '../../test/payments-fixtures.js';
import { signInToShop, type ShopSession } from '../../test/sign-in.js';

// Shipping with tracking, delivery and refunds through the API, on the test gateway and SQLite.
const { shop, intentFor, confirm } = useTestGatewayShop();
let admin: ShopSession;
beforeAll(async () => {
  admin = await signInToShop(shop.app, shop.store, { displayName: 'Ada Admin', admin: true });
});

const asAdmin = (method: 'patch' | 'post', url: string) =>
  request(shop.app)[method](url).set('Authorization', admin.bearer);
const ship = (id: string, body?: object) => {
  const req = asAdmin('patch', `/api/order/${id}/ship`);
  return body ? req.send(body) : req;
};
const deliver = (id: string) => asAdmin('patch', `/api/order/${id}/deliver`);
const refund = (id: string, body: object = {}) =>
  asAdmin('post', `/api/order/${id}/refund`).send(body);
const mails = async (orderId: string, kind: string) =>
  (await shop.store.outbox.list({ offset: 0, limit: 200 })).items.filter(
    (m) => m.orderId === orderId && m.kind === kind,
  );
const stockOf = async (toolId: string) => (await shop.store.tools.get(toolId))?.availableQuantity;
const buyerView = async (id: string) =>
  OrderSchema.parse(
    (
      await request(shop.app)
        .get(`/api/order/${id}`)
        .set('Authorization', shop.customer.bearer)
        .expect(200)
    ).body,
  );

/** An order of the customer, paid with the test card (25 x $4.00 from a fresh tool of 500). */
async function paidOrder() {
  const order = await placeOrder(shop.store, shop.customer.email);
  await confirm(await intentFor(order)).expect(200);
  return (await shop.store.orders.get(order._id))!;
}

describe('PATCH /api/order/:id/ship with carrier and tracking', () => {
  it('when shipped with UPS and a number, then the buyer sees both and the tracking link, and the email has them', async () => {
    const order = await paidOrder();
    const res = await ship(order._id, { carrier: 'UPS', trackingNumber: ' 1Z 999 AA1 ' }).expect(
      200,
    );
    expect(AdminOrderSchema.parse(res.body)).toMatchObject({
      status: 'shipped',
      carrier: 'UPS',
      trackingNumber: '1Z 999 AA1',
      trackingUrl: 'https://www.ups.com/track?tracknum=1Z%20999%20AA1',
    });
    expect(await buyerView(order._id)).toMatchObject({
      status: 'shipped',
      carrier: 'UPS',
      trackingNumber: '1Z 999 AA1',
      trackingUrl: 'https://www.ups.com/track?tracknum=1Z%20999%20AA1',
      shippedAt: res.body.shippedAt,
    });
    const [mail] = await mails(order._id, 'order-shipped');
    expect(mail?.text).toContain('with UPS');
    expect(mail?.text).toContain('Tracking number: 1Z 999 AA1');
    expect(mail?.html).toContain('https://www.ups.com/track?tracknum=1Z%20999%20AA1');
  });

  it('when shipped with an "Other" carrier, then the number shows without a link', async () => {
    const order = await paidOrder();
    const res = await ship(order._id, { carrier: 'Pallet Express', trackingNumber: 'PX-1' });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ carrier: 'Pallet Express', trackingNumber: 'PX-1' });
    expect(res.body).not.toHaveProperty('trackingUrl');
  });

  it('when shipped with no body or blank fields, then it ships without tracking (the old call)', async () => {
    const bare = await paidOrder();
    expect((await ship(bare._id).expect(200)).body).toMatchObject({ status: 'shipped' });
    const blank = await paidOrder();
    const res = await ship(blank._id, { carrier: '', trackingNumber: '  ' }).expect(200);
    expect(res.body).not.toHaveProperty('carrier');
    expect(res.body).not.toHaveProperty('trackingNumber');
  });

  it.each([
    [{ trackingNumber: '1Z<script>' }, 'trackingNumber'],
    [{ trackingNumber: 'x'.repeat(41) }, 'trackingNumber'],
    [{ carrier: 'UPS\u0000' }, 'carrier'],
    [{ carrier: 'y'.repeat(41) }, 'carrier'],
    [{ carrier: 5 }, 'carrier'],
  ])(
    'when the body is %j, then 400 naming the field and the order stays paid',
    async (body, field) => {
      const order = await paidOrder();
      const res = await ship(order._id, body).expect(400);
      expect(ErrorBodySchema.parse(res.body).error.details).toEqual([
        expect.objectContaining({ path: field }),
      ]);
      expect((await shop.store.orders.get(order._id))?.status).toBe('paid');
    },
  );
});

describe('PATCH /api/order/:id/deliver', () => {
  it('when a shipped order is marked delivered, then both sides see delivered with the date; again answers the same', async () => {
    const order = await paidOrder();
    await ship(order._id, { carrier: 'DHL', trackingNumber: 'JD0001' }).expect(200);
    const res = await deliver(order._id).expect(200);
    const delivered = AdminOrderSchema.parse(res.body);
    expect(delivered).toMatchObject({ status: 'delivered', shipped: true, isPaid: true });
    expect(new Date(delivered.deliveredAt ?? '').toISOString()).toBe(delivered.deliveredAt);
    expect(await buyerView(order._id)).toMatchObject({
      status: 'delivered',
      deliveredAt: delivered.deliveredAt,
      carrier: 'DHL',
    });
    expect((await deliver(order._id).expect(200)).body).toEqual(res.body);
  });

  it.each([
    ['unpaid', 'unpaid'],
    ['paid', 'paid'],
  ])(
    'when the order is %s, then 409 with a clear message and nothing changes',
    async (_n, status) => {
      const order =
        status === 'paid' ? await paidOrder() : await placeOrder(shop.store, shop.customer.email);
      const res = await deliver(order._id).expect(409);
      expect(ErrorBodySchema.parse(res.body).error).toEqual({
        code: 'CONFLICT',
        message: `Only a shipped order can be marked delivered; this one is ${status}`,
      });
      expect(await shop.store.orders.get(order._id)).toEqual(order);
    },
  );

  it('when no order has the id, then 404; a malformed id is 400', async () => {
    await deliver('f'.repeat(24)).expect(404);
    await deliver('nope').expect(400);
  });
});

describe('POST /api/order/:id/refund (test gateway)', () => {
  it('when a paid order is refunded with a reason, then the gateway refunds once, the stock returns, the buyer sees it and gets one email', async () => {
    const order = await paidOrder();
    expect(await stockOf(order.toolId)).toBe(475);
    const res = await refund(order._id, { reason: 'Ordered twice by mistake' }).expect(200);
    const refunded = AdminOrderSchema.parse(res.body);
    expect(refunded).toMatchObject({
      status: 'refunded',
      isPaid: true,
      refundId: expect.stringMatching(/^re_test_/),
      refundReason: 'Ordered twice by mistake',
      refundRestocked: true,
    });
    expect(await stockOf(order.toolId)).toBe(500);
    expect(await buyerView(order._id)).toMatchObject({
      status: 'refunded',
      refundId: refunded.refundId,
      refundedAt: refunded.refundedAt,
    });
    const gateway = shop.gateway;
    if (!isTestGateway(gateway)) throw new Error('expected the test gateway');
    expect(gateway.refunds.filter((id) => id === order.transactionId)).toHaveLength(1);

    // Asked again (a double click, a retry): the same order, no second refund, restock or email.
    const again = await refund(order._id, { reason: 'other' }).expect(200);
    expect(again.body).toEqual(res.body);
    expect(await stockOf(order.toolId)).toBe(500);
    const sent = await mails(order._id, 'order-refunded');
    expect(sent).toHaveLength(1);
    expect(sent[0]).toMatchObject({
      to: shop.customer.email,
      subject: expect.stringContaining('Refund issued'),
    });
    expect(sent[0]?.text).toContain('Reason: Ordered twice by mistake');
    expect(sent[0]?.text).toContain('$100.00');
  });

  it('when a shipped order is refunded, then it is refunded but the stock stays (the goods are out)', async () => {
    const order = await paidOrder();
    await ship(order._id, { carrier: 'FedEx', trackingNumber: '7777' }).expect(200);
    const res = await refund(order._id).expect(200);
    expect(res.body).toMatchObject({
      status: 'refunded',
      refundRestocked: false,
      carrier: 'FedEx',
    });
    expect(res.body).not.toHaveProperty('refundReason');
    expect(await stockOf(order.toolId)).toBe(475);
    expect(await mails(order._id, 'order-refunded')).toHaveLength(1);
  });

  it('when two refunds of one order race, then one gateway refund, one restock, one email', async () => {
    const order = await paidOrder();
    const [a, b] = await Promise.all([refund(order._id), refund(order._id)]);
    expect([a.status, b.status]).toEqual([200, 200]);
    expect(await stockOf(order.toolId)).toBe(500);
    expect(await mails(order._id, 'order-refunded')).toHaveLength(1);
  });

  it('when the gateway cannot refund, then 502 PAYMENT_FAILED and the order and stock are unchanged', async () => {
    const order = await placeOrder(shop.store, shop.customer.email);
    // Paid as far as the shop knows, with a payment the gateway has never seen.
    const paid = (await shop.store.orders.markPaid(order._id, 'pi_test_unknown'))!.order;
    const res = await refund(order._id, { reason: 'x' }).expect(502);
    expect(ErrorBodySchema.parse(res.body).error).toEqual({
      code: 'PAYMENT_FAILED',
      message:
        'The payment provider could not refund this order. Nothing was changed; try again in a moment.',
    });
    expect(await shop.store.orders.get(order._id)).toEqual(paid);
    expect(await stockOf(order.toolId)).toBe(475);
    expect(await mails(order._id, 'order-refunded')).toHaveLength(0);
  });

  it.each(['unpaid', 'cancelled'])(
    'when the order is %s, then 409 and nothing changes',
    async (status) => {
      const order = await placeOrder(shop.store, shop.customer.email);
      if (status === 'cancelled') await shop.store.orders.cancelUnpaid(order._id);
      const before = await shop.store.orders.get(order._id);
      const res = await refund(order._id).expect(409);
      expect(ErrorBodySchema.parse(res.body).error.message).toBe(
        `Only a paid, shipped or delivered order can be refunded; this one is ${status}`,
      );
      expect(await shop.store.orders.get(order._id)).toEqual(before);
    },
  );

  it('when the reason is too long or has control characters, then 400 and nothing is refunded', async () => {
    const order = await paidOrder();
    for (const reason of ['r'.repeat(501), 'bell\u0007', 42]) {
      const res = await refund(order._id, { reason }).expect(400);
      expect(ErrorBodySchema.parse(res.body).error.details).toEqual([
        expect.objectContaining({ path: 'reason' }),
      ]);
    }
    expect((await shop.store.orders.get(order._id))?.status).toBe('paid');
  });

  it('when a customer asks, then 403 and nothing is refunded', async () => {
    const order = await paidOrder();
    await request(shop.app)
      .post(`/api/order/${order._id}/refund`)
      .set('Authorization', shop.customer.bearer)
      .send({})
      .expect(403);
    expect((await shop.store.orders.get(order._id))?.status).toBe('paid');
  });
});
