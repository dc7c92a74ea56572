import request from 'supertest';
import { describe, expect, it } from 'vitest';
import { PaymentConfigSchema, PaymentIntentResponseSchema } from '@toolworks/contract/payments';
import { createPaymentGateway } from './gateways/index.js';
import { paymentsConfig, placeOrder } from '../../test/payments-fixtures.js';
import type { ShopSession } from '../../test/sign-in.js';
import { useSignedIn, useTestApp } from '../../test/test-app.js';

const shop = useSignedIn(useTestApp(paymentsConfig()), {
  customer: { displayName: 'Casey Customer' },
  other: { displayName: 'Olivia Other' },
  admin: { displayName: 'Ada Admin', admin: true },
});
/** The test gateway's intents live in the store, so any gateway on it sees the shop's. */
const gateway = () => createPaymentGateway(shop.config, shop.store);

const createIntent = (session: ShopSession | undefined, body: object) => {
  const req = request(shop.app).post('/api/create-payment-intent');
  return (session ? req.set('Authorization', session.bearer) : req).send(body);
};

describe('GET /api/payments/config', () => {
  it('when no Stripe keys are configured, then the test gateway and no key, to anyone', async () => {
    const res = await request(shop.app).get('/api/payments/config').expect(200);
    expect(PaymentConfigSchema.parse(res.body)).toEqual({ gateway: 'test' });
  });
});

describe('POST /api/create-payment-intent', () => {
  it('when the owner asks for an unpaid order, then a client secret for the stored total, remembered on the order', async () => {
    const order = await placeOrder(shop.store, shop.customer.email, {
      unitPriceCents: 1999,
      quantity: 3,
    });

    const res = await createIntent(shop.customer, { orderId: order._id, price: 0.01 }).expect(200);

    const { clientSecret } = PaymentIntentResponseSchema.parse(res.body);
    expect(clientSecret).toMatch(/^pi_test_[A-Za-z0-9]+_secret_[A-Za-z0-9]+$/);
    const intentId = clientSecret.split('_secret_')[0] ?? '';
    expect(await gateway().retrieve(intentId)).toMatchObject({
      amountCents: 5997,
      currency: 'usd',
      orderId: order._id,
      status: 'requires_payment_method',
    });
    expect((await shop.store.orders.get(order._id))?.paymentIntentId).toBe(intentId);
  });

  it('when asked twice (or twice at once) for one order, then the same intent each time', async () => {
    const order = await placeOrder(shop.store, shop.customer.email);

    const answers = await Promise.all([
      createIntent(shop.customer, { orderId: order._id }),
      createIntent(shop.customer, { orderId: order._id }),
    ]);
    const again = await createIntent(shop.customer, { orderId: order._id });

    const secrets = [...answers, again].map((res) => res.body.clientSecret);
    expect(new Set(secrets).size).toBe(1);
  });

  it('when nobody is signed in, then 401', async () => {
    const order = await placeOrder(shop.store, shop.customer.email);
    const res = await createIntent(undefined, { orderId: order._id }).expect(401);
    expect(res.body.error.code).toBe('UNAUTHENTICATED');
  });

  it("when another customer asks for someone's order, then 404 as if it did not exist", async () => {
    const order = await placeOrder(shop.store, shop.customer.email);
    const res = await createIntent(shop.other, { orderId: order._id }).expect(404);
    expect(res.body.error).toEqual({ code: 'NOT_FOUND', message: 'Order not found' });
    expect((await shop.store.orders.get(order._id))?.paymentIntentId).toBeUndefined();
  });

  it("when an admin asks for a customer's order, then 404: admins do not pay for others", async () => {
    const order = await placeOrder(shop.store, shop.customer.email);
    await createIntent(shop.admin, { orderId: order._id }).expect(404);
  });

  it('when the order is already paid, then 409', async () => {
    const order = await placeOrder(shop.store, shop.customer.email);
    await shop.store.orders.markPaid(order._id, 'pi_test_paid_elsewhere');
    const res = await createIntent(shop.customer, { orderId: order._id }).expect(409);
    expect(res.body.error).toEqual({ code: 'CONFLICT', message: 'This order is already paid' });
  });

  it('when the order does not exist, then 404', async () => {
    await createIntent(shop.customer, { orderId: 'a'.repeat(24) }).expect(404);
  });

  it.each([
    ['a malformed id', { orderId: 'nope' }],
    ['no order id', { price: 12 }],
  ])('when the body has %s, then 400 naming orderId', async (_case, body) => {
    const res = await createIntent(shop.customer, body).expect(400);
    expect(res.body.error.code).toBe('VALIDATION_ERROR');
    expect(res.body.error.details).toEqual([expect.objectContaining({ path: 'orderId' })]);
  });
});

describe('POST /api/webhooks/stripe without Stripe', () => {
  it('when the test gateway is in use, then the webhook does not exist (404)', async () => {
    const res = await request(shop.app)
      .post('/api/webhooks/stripe')
      .set('Content-Type', 'application/json')
      .send('{"id":"evt_1","type":"payment_intent.succeeded"}')
      .expect(404);
    expect(res.body.error.code).toBe('NOT_FOUND');
  });
});
