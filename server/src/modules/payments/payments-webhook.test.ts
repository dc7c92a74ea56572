import Stripe from 'stripe';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { OrderRecord } from '../../store/store.js';
import { startFakeStripe, type FakeStripe } from '../../test/fake-stripe.js';
import { placeOrder, stripeConfig, STRIPE_WEBHOOK_SECRET } from '../../test/payments-fixtures.js';
import { useSignedIn, useTestApp } from '../../test/test-app.js';

// Stripe is an outside service: its fake runs before the shop that calls it.
let stripe: FakeStripe;
beforeAll(async () => {
  stripe = await startFakeStripe();
});
afterAll(() => stripe.close());
const shop = useSignedIn(
  useTestApp(() => stripeConfig(stripe.host, stripe.secretKey)),
  { customer: {} },
);
// Only for signing test payloads, exactly as Stripe signs them.
const signer = new Stripe('sk_test_signer_only');
let sequence = 0;

function event(type: string, object: Record<string, unknown>, id = `evt_test_${++sequence}`) {
  return JSON.stringify({
    id,
    object: 'event',
    type,
    created: 1_700_000_000,
    livemode: false,
    data: { object },
  });
}

function succeeded(order: OrderRecord, overrides: Record<string, unknown> = {}) {
  return {
    id: `pi_webhook_${++sequence}`,
    object: 'payment_intent',
    amount: order.priceCents,
    currency: 'usd',
    status: 'succeeded',
    metadata: { orderId: order._id },
    ...overrides,
  };
}

const deliver = (payload: string, secret = STRIPE_WEBHOOK_SECRET, header?: string) =>
  request(shop.app)
    .post('/api/webhooks/stripe')
    .set('Content-Type', 'application/json')
    .set(
      'Stripe-Signature',
      header ?? signer.webhooks.generateTestHeaderString({ payload, secret }),
    )
    .send(payload);

const anOrder = () => placeOrder(shop.store, 'webhook-buyer@example.com');

describe('POST /api/webhooks/stripe', () => {
  it('when a signed payment_intent.succeeded arrives for an unpaid order, then the order is paid with that id', async () => {
    const order = await anOrder();
    const intent = succeeded(order);

    const res = await deliver(event('payment_intent.succeeded', intent)).expect(200);

    expect(res.body).toEqual({ received: true, outcome: 'applied' });
    expect(await shop.store.orders.get(order._id)).toMatchObject({
      isPaid: true,
      transactionId: intent.id,
    });
  });

  it('when the same event is delivered again, then it is acknowledged as a duplicate and nothing changes', async () => {
    const order = await anOrder();
    const payload = event('payment_intent.succeeded', succeeded(order));
    await deliver(payload).expect(200);
    const paid = await shop.store.orders.get(order._id);

    const replay = await deliver(payload).expect(200);

    expect(replay.body).toEqual({ received: true, outcome: 'duplicate' });
    expect(await shop.store.orders.get(order._id)).toEqual(paid);
  });

  it('when the signature is made with another secret, then 400 and nothing changes', async () => {
    const order = await anOrder();
    const res = await deliver(
      event('payment_intent.succeeded', succeeded(order)),
      'whsec_attacker',
    ).expect(400);
    expect(res.body.error).toEqual({
      code: 'VALIDATION_ERROR',
      message: 'The Stripe signature does not match',
    });
    expect((await shop.store.orders.get(order._id))?.isPaid).toBe(false);
  });

  it('when the body was altered after signing, then 400', async () => {
    const order = await anOrder();
    const payload = event('payment_intent.succeeded', succeeded(order, { amount: 1 }));
    const header = signer.webhooks.generateTestHeaderString({
      payload,
      secret: STRIPE_WEBHOOK_SECRET,
    });
    await deliver(
      payload.replace('"amount":1', `"amount":${order.priceCents}`),
      STRIPE_WEBHOOK_SECRET,
      header,
    ).expect(400);
    expect((await shop.store.orders.get(order._id))?.isPaid).toBe(false);
  });

  it('when there is no signature, or the body is not JSON, then 400', async () => {
    const order = await anOrder();
    await request(shop.app)
      .post('/api/webhooks/stripe')
      .set('Content-Type', 'application/json')
      .send(event('payment_intent.succeeded', succeeded(order)))
      .expect(400);
    await request(shop.app)
      .post('/api/webhooks/stripe')
      .set('Stripe-Signature', 't=1,v1=x')
      .set('Content-Type', 'text/plain')
      .send('hi')
      .expect(400);
    expect((await shop.store.orders.get(order._id))?.isPaid).toBe(false);
  });

  it('when a signed event of another type arrives, then 200 and it is ignored', async () => {
    const order = await anOrder();
    const failed = succeeded(order, { status: 'requires_payment_method' });
    const res = await deliver(event('payment_intent.payment_failed', failed)).expect(200);
    expect(res.body).toEqual({ received: true, outcome: 'ignored' });
    await deliver(event('customer.created', { id: 'cus_1', object: 'customer' })).expect(200);
    expect((await shop.store.orders.get(order._id))?.isPaid).toBe(false);
  });

  it('when the succeeded payment is for another amount or has no order, then 200 "rejected" and the order stays unpaid', async () => {
    const order = await anOrder();
    const short = await deliver(
      event('payment_intent.succeeded', succeeded(order, { amount: order.priceCents - 100 })),
    ).expect(200);
    expect(short.body.outcome).toBe('rejected');
    const orphan = await deliver(
      event('payment_intent.succeeded', succeeded(order, { metadata: {} })),
    ).expect(200);
    expect(orphan.body.outcome).toBe('ignored');
    expect((await shop.store.orders.get(order._id))?.isPaid).toBe(false);
  });

  it('when a second payment succeeds for an order already paid, then the first is kept and the second is flagged', async () => {
    const order = await anOrder();
    const first = succeeded(order);
    await deliver(event('payment_intent.succeeded', first)).expect(200);

    const second = await deliver(event('payment_intent.succeeded', succeeded(order))).expect(200);

    expect(second.body.outcome).toBe('rejected');
    expect((await shop.store.orders.get(order._id))?.transactionId).toBe(first.id);
  });

  it('when the browser reports the payment after the webhook, then PATCH answers 200 with the same paid order', async () => {
    const order = await placeOrder(shop.store, shop.customer.email);
    const intent = stripe.addIntent({ amount: order.priceCents, orderId: order._id });
    await deliver(event('payment_intent.succeeded', { ...succeeded(order), id: intent.id })).expect(
      200,
    );

    const res = await request(shop.app)
      .patch(`/api/order/${order._id}`)
      .set('Authorization', shop.customer.bearer)
      .send({ order: order._id, transactionId: intent.id })
      .expect(200);

    expect(res.body).toMatchObject({ isPaid: true, transactionId: intent.id });
  });
});
