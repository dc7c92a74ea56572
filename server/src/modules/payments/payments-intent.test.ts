import request from 'supertest';
import type { ShopApp } from '../../app.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PaymentConfigSchema, PaymentIntentResponseSchema } from '@toolworks/contract/payments';
import type { PaymentGateway } from './gateways/index.js';
import type { Store } from '../../store/store.js';
import { createTestStore } from '../../test/test-store.js';
import { signInToShop, type ShopSession } from '../../test/sign-in.js';
import { paymentsApp, paymentsConfig, placeOrder } from '../../test/payments-fixtures.js';

let store: Store;
let cleanup: () => Promise<void>;
let app: ShopApp;
let gateway: PaymentGateway;
let customer: ShopSession;
let other: ShopSession;
let admin: ShopSession;

beforeAll(async () => {
  ({ store, cleanup } = await createTestStore());
  ({ app, gateway } = paymentsApp(store, paymentsConfig()));
  [customer, other, admin] = await Promise.all([
    signInToShop(app, store, { displayName: 'Casey Customer' }),
    signInToShop(app, store, { displayName: 'Olivia Other' }),
    signInToShop(app, store, { displayName: 'Ada Admin', admin: true }),
  ]);
});
afterAll(() => cleanup());

const createIntent = (session: ShopSession | undefined, body: object) => {
  const req = request(app).post('/api/create-payment-intent');
  return (session ? req.set('Authorization', session.bearer) : req).send(body);
};

describe('GET /api/payments/config', () => {
  it('when no Stripe keys are configured, then the test gateway and no key, to anyone', async () => {
    const res = await request(app).get('/api/payments/config').expect(200);
    expect(PaymentConfigSchema.parse(res.body)).toEqual({ gateway: 'test' });
  });
});

describe('POST /api/create-payment-intent', () => {
  it('when the owner asks for an unpaid order, then a client secret for the stored total, remembered on the order', async () => {
    const order = await placeOrder(store, customer.email, { unitPriceCents: 1999, quantity: 3 });

    const res = await createIntent(customer, { orderId: order._id, price: 0.01 }).expect(200);

    const { clientSecret } = PaymentIntentResponseSchema.parse(res.body);
    expect(clientSecret).toMatch(/^pi_test_[A-Za-z0-9]+_secret_[A-Za-z0-9]+$/);
    const intentId = clientSecret.split('_secret_')[0] ?? '';
    expect(await gateway.retrieve(intentId)).toMatchObject({
      amountCents: 5997,
      currency: 'usd',
      orderId: order._id,
      status: 'requires_payment_method',
    });
    expect((await store.orders.get(order._id))?.paymentIntentId).toBe(intentId);
  });

  it('when asked twice (or twice at once) for one order, then the same intent each time', async () => {
    const order = await placeOrder(store, customer.email);

    const answers = await Promise.all([
      createIntent(customer, { orderId: order._id }),
      createIntent(customer, { orderId: order._id }),
    ]);
    const again = await createIntent(customer, { orderId: order._id });

    const secrets = [...answers, again].map((res) => res.body.clientSecret);
    expect(new Set(secrets).size).toBe(1);
  });

  it('when nobody is signed in, then 401', async () => {
    const order = await placeOrder(store, customer.email);
    const res = await createIntent(undefined, { orderId: order._id }).expect(401);
    expect(res.body.error.code).toBe('UNAUTHENTICATED');
  });

  it("when another customer asks for someone's order, then 404 as if it did not exist", async () => {
    const order = await placeOrder(store, customer.email);
    const res = await createIntent(other, { orderId: order._id }).expect(404);
    expect(res.body.error).toEqual({ code: 'NOT_FOUND', message: 'Order not found' });
    expect((await store.orders.get(order._id))?.paymentIntentId).toBeUndefined();
  });

  it("when an admin asks for a customer's order, then 404: admins do not pay for others", async () => {
    const order = await placeOrder(store, customer.email);
    await createIntent(admin, { orderId: order._id }).expect(404);
  });

  it('when the order is already paid, then 409', async () => {
    const order = await placeOrder(store, customer.email);
    await store.orders.markPaid(order._id, 'pi_test_paid_elsewhere');
    const res = await createIntent(customer, { orderId: order._id }).expect(409);
    expect(res.body.error).toEqual({ code: 'CONFLICT', message: 'This order is already paid' });
  });

  it('when the order does not exist, then 404', async () => {
    await createIntent(customer, { orderId: 'a'.repeat(24) }).expect(404);
  });

  it.each([
    ['a malformed id', { orderId: 'nope' }],
    ['no order id', { price: 12 }],
  ])('when the body has %s, then 400 naming orderId', async (_case, body) => {
    const res = await createIntent(customer, body).expect(400);
    expect(res.body.error.code).toBe('VALIDATION_ERROR');
    expect(res.body.error.details).toEqual([expect.objectContaining({ path: 'orderId' })]);
  });
});

describe('POST /api/webhooks/stripe without Stripe', () => {
  it('when the test gateway is in use, then the webhook does not exist (404)', async () => {
    const res = await request(app)
      .post('/api/webhooks/stripe')
      .set('Content-Type', 'application/json')
      .send('{"id":"evt_1","type":"payment_intent.succeeded"}')
      .expect(404);
    expect(res.body.error.code).toBe('NOT_FOUND');
  });
});
