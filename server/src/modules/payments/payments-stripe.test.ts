import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { OrderRecord } from '../../store/store.js';
import { startFakeStripe, type FakeStripe } from '../../test/fake-stripe.js';
import { paymentsApp, placeOrder, stripeConfig } from '../../test/payments-fixtures.js';
import { useSignedIn, useTestApp } from '../../test/test-app.js';

// Stripe is an outside service: its fake runs before the shop that calls it.
let stripe: FakeStripe;
beforeAll(async () => {
  stripe = await startFakeStripe();
});
afterAll(() => stripe.close());
const shop = useSignedIn(
  useTestApp(() => stripeConfig(stripe.host, stripe.secretKey)),
  { customer: {}, other: {} },
);

async function intentFor(order: OrderRecord): Promise<string> {
  const res = await request(shop.app)
    .post('/api/create-payment-intent')
    .set('Authorization', shop.customer.bearer)
    .send({ orderId: order._id, price: 1 })
    .expect(200);
  const secret = res.body.clientSecret as string;
  return secret.split('_secret_')[0] ?? '';
}

const markPaid = (order: OrderRecord, transactionId: string, session = shop.customer) =>
  request(shop.app)
    .patch(`/api/order/${order._id}`)
    .set('Authorization', session.bearer)
    .send({ order: order._id, transactionId });

describe('the Stripe gateway', () => {
  it('when configured, then the config names Stripe and its publishable key, and the test confirm does not exist', async () => {
    const res = await request(shop.app).get('/api/payments/config').expect(200);
    expect(res.body).toEqual({ gateway: 'stripe', publishableKey: 'pk_test_fake_toolworks' });
    await request(shop.app)
      .post('/api/payments/test/confirm')
      .set('Authorization', shop.customer.bearer)
      .send({})
      .expect(404);
  });

  it('when an intent is created, then Stripe gets the stored amount in cents, the currency, the order id and an idempotency key', async () => {
    const order = await placeOrder(shop.store, shop.customer.email, {
      unitPriceCents: 1250,
      quantity: 8,
    });

    const id = await intentFor(order);

    const sent = stripe.requests.filter((r) => r.method === 'POST').at(-1);
    expect(sent?.path).toBe('/v1/payment_intents');
    expect(sent?.idempotencyKey).toBe(`order-${order._id}`);
    expect(Object.fromEntries(sent?.body ?? [])).toMatchObject({
      amount: '10000',
      currency: 'usd',
      'metadata[orderId]': order._id,
    });
    expect(stripe.intents.get(id)).toMatchObject({
      amount: 10000,
      metadata: { orderId: order._id },
    });
    expect((await shop.store.orders.get(order._id))?.paymentIntentId).toBe(id);
  });

  it('when asked twice for one order, then the same PaymentIntent', async () => {
    const order = await placeOrder(shop.store, shop.customer.email);
    const [first, second] = await Promise.all([intentFor(order), intentFor(order)]);
    expect(second).toBe(first);
    expect(await intentFor(order)).toBe(first);
  });

  it("when Stripe refuses the intent, then 402 in Stripe's words and nothing is remembered", async () => {
    const order = await placeOrder(shop.store, shop.customer.email, {
      unitPriceCents: 10,
      quantity: 2,
    });
    const res = await request(shop.app)
      .post('/api/create-payment-intent')
      .set('Authorization', shop.customer.bearer)
      .send({ orderId: order._id })
      .expect(402);
    expect(res.body.error).toEqual({
      code: 'PAYMENT_FAILED',
      message: 'Amount must be at least $0.50 usd',
    });
    expect((await shop.store.orders.get(order._id))?.paymentIntentId).toBeUndefined();
  });

  it('when the PaymentIntent already succeeded but nobody said so, then asking again records it and answers 409', async () => {
    const order = await placeOrder(shop.store, shop.customer.email);
    const id = await intentFor(order);
    stripe.setStatus(id, 'succeeded');

    await request(shop.app)
      .post('/api/create-payment-intent')
      .set('Authorization', shop.customer.bearer)
      .send({ orderId: order._id })
      .expect(409);
    expect(await shop.store.orders.get(order._id)).toMatchObject({
      isPaid: true,
      transactionId: id,
    });
  });
});

describe('PATCH /api/order/:id with Stripe', () => {
  it('when Stripe says the PaymentIntent succeeded for this order and amount, then the order is paid', async () => {
    const order = await placeOrder(shop.store, shop.customer.email);
    const id = await intentFor(order);
    stripe.setStatus(id, 'succeeded');

    const res = await markPaid(order, id).expect(200);

    expect(res.body).toMatchObject({ _id: order._id, isPaid: true, transactionId: id, price: 100 });
    expect(stripe.requests.at(-1)).toMatchObject({
      method: 'GET',
      path: `/v1/payment_intents/${id}`,
    });
    await markPaid(order, id).expect(200);
  });

  it.each([
    ['not confirmed yet', 'requires_payment_method', 'The payment has not succeeded'],
    ['still processing', 'processing', 'The payment is still processing'],
  ])(
    'when the PaymentIntent is %s, then 402 and the order stays unpaid',
    async (_case, status, message) => {
      const order = await placeOrder(shop.store, shop.customer.email);
      const id = await intentFor(order);
      stripe.setStatus(id, status);

      const res = await markPaid(order, id).expect(402);

      expect(res.body.error).toEqual({ code: 'PAYMENT_FAILED', message });
      expect((await shop.store.orders.get(order._id))?.isPaid).toBe(false);
    },
  );

  it('when the transaction id is unknown to Stripe (forged), then 402 and nothing changes', async () => {
    const order = await placeOrder(shop.store, shop.customer.email);
    const res = await markPaid(order, 'pi_forged123').expect(402);
    expect(res.body.error.message).toBe('No such payment');
    expect(await shop.store.orders.get(order._id)).toMatchObject({ isPaid: false });
    expect((await shop.store.orders.get(order._id))?.transactionId).toBeUndefined();
  });

  it('when the succeeded payment belongs to another order, then 402 and nothing changes', async () => {
    const order = await placeOrder(shop.store, shop.customer.email);
    const cheap = await placeOrder(shop.store, shop.other.email);
    const paidElsewhere = stripe.addIntent({ amount: cheap.priceCents, orderId: cheap._id });
    const withoutOrder = stripe.addIntent({ amount: order.priceCents });

    expect((await markPaid(order, paidElsewhere.id).expect(402)).body.error.message).toBe(
      'This payment is for another order',
    );
    await markPaid(order, withoutOrder.id).expect(402);
    expect((await shop.store.orders.get(order._id))?.isPaid).toBe(false);
  });

  it('when the succeeded payment is for another amount or currency, then 402 and nothing changes', async () => {
    const order = await placeOrder(shop.store, shop.customer.email);
    const tooLittle = stripe.addIntent({ amount: order.priceCents - 1, orderId: order._id });
    const otherCurrency = stripe.addIntent({
      amount: order.priceCents,
      currency: 'eur',
      orderId: order._id,
    });

    for (const intent of [tooLittle, otherCurrency]) {
      const res = await markPaid(order, intent.id).expect(402);
      expect(res.body.error.message).toBe('The payment amount does not match the order');
    }
    expect((await shop.store.orders.get(order._id))?.isPaid).toBe(false);
  });

  it("when another customer reports a payment for someone's order, then 404", async () => {
    const order = await placeOrder(shop.store, shop.customer.email);
    const id = await intentFor(order);
    stripe.setStatus(id, 'succeeded');
    await markPaid(order, id, shop.other).expect(404);
    expect((await shop.store.orders.get(order._id))?.isPaid).toBe(false);
  });
});

describe('cancelling an order with a Stripe payment', () => {
  const cancelOrder = (order: OrderRecord) =>
    request(shop.app).delete(`/api/order/${order._id}`).set('Authorization', shop.customer.bearer);

  it('when the payment has not gone through, then Stripe cancels it and the order is cancelled', async () => {
    const order = await placeOrder(shop.store, shop.customer.email);
    const id = await intentFor(order);
    await cancelOrder(order).expect(200);
    expect(stripe.requests.at(-1)).toMatchObject({
      method: 'POST',
      path: `/v1/payment_intents/${id}/cancel`,
    });
    expect(stripe.intents.get(id)?.status).toBe('canceled');
    expect((await shop.store.orders.get(order._id))?.status).toBe('cancelled');
  });

  it('when the payment succeeded before its webhook arrived, then 409 and the order and its stock stay', async () => {
    const order = await placeOrder(shop.store, shop.customer.email, { quantity: 30 });
    const id = await intentFor(order);
    stripe.setStatus(id, 'succeeded');
    const stock = (await shop.store.tools.get(order.toolId))?.availableQuantity;

    const res = await cancelOrder(order).expect(409);
    expect(res.body.error.message).toBe(
      'The payment for this order has gone through, so it can no longer be cancelled',
    );
    expect(await shop.store.orders.get(order._id)).not.toBeNull();
    expect((await shop.store.tools.get(order.toolId))?.availableQuantity).toBe(stock);
  });

  it('when Stripe cannot be reached, then 502 says nothing was cancelled and the order and stock stay', async () => {
    const order = await placeOrder(shop.store, shop.customer.email, { quantity: 30 });
    await intentFor(order);
    const stock = (await shop.store.tools.get(order.toolId))?.availableQuantity;
    // The same shop, its Stripe host now a closed port.
    const { app: cutOff } = paymentsApp(shop.store, stripeConfig('127.0.0.1:9', stripe.secretKey));

    const res = await request(cutOff)
      .delete(`/api/order/${order._id}`)
      .set('Authorization', shop.customer.bearer)
      .expect(502);
    expect(res.body.error.code).toBe('PAYMENT_FAILED');
    expect(res.body.error.message).toContain('Nothing was cancelled');
    expect(await shop.store.orders.get(order._id)).not.toBeNull();
    expect((await shop.store.tools.get(order.toolId))?.availableQuantity).toBe(stock);
  });
});
