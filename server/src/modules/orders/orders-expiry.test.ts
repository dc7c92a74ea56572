import Stripe from 'stripe';
import request from 'supertest';
import type { ShopApp } from '../../app.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApp } from '../../app.js';
import { createTestGateway, type TestPaymentGateway } from '../payments/gateways/index.js';
import { openSqliteStore } from '../../store/sqlite/sqlite-store.js';
import type { Store } from '../../store/store.js';
import { startFakeStripe, type FakeStripe } from '../../test/fake-stripe.js';
import { buildTool } from '../../test/factories.js';
import { createTestStore } from '../../test/test-store.js';
import { signInToShop, testDeps, type ShopSession } from '../../test/sign-in.js';
import {
  paymentsConfig,
  requestIntent,
  stripeConfig,
  STRIPE_WEBHOOK_SECRET,
  testCard,
} from '../../test/payments-fixtures.js';

let store: Store;
let dir: string;
let cleanup: () => Promise<void>;
let app: ShopApp;
let gateway: TestPaymentGateway;
let stripe: FakeStripe;
let stripeApp: ShopApp;
let alice: ShopSession;
let bob: ShopSession;
// The shop's clock: tests move it past the reservation instead of waiting an hour.
let clock = Date.now();
const now = () => new Date(clock);
const HOUR = 60 * 60_000;

beforeAll(async () => {
  ({ store, cleanup, dir } = await createTestStore());
  const config = paymentsConfig({ RESERVATION_MINUTES: '60', MAX_UNPAID_ORDERS: '1000' });
  gateway = createTestGateway({ allowed: true, intents: store.testIntents });
  app = createApp({ ...testDeps(store, config), payments: gateway, now });
  stripe = await startFakeStripe();
  stripeApp = createApp({ ...testDeps(store, stripeConfig(stripe.host, stripe.secretKey)), now });
  [alice, bob] = await Promise.all([signInToShop(app, store), signInToShop(app, store)]);
});
afterAll(async () => {
  await stripe.close();
  await cleanup();
});

const stockOf = async (id: string) => (await store.tools.get(id))?.availableQuantity;
const newTool = (availableQuantity = 50) =>
  store.tools.create(buildTool({ priceCents: 400, availableQuantity, minimumOrderQuantity: 5 }));
async function buyNow(who: ShopSession, toolId: string, quantity: number) {
  const res = await request(app)
    .post('/api/addOrderItem')
    .set('Authorization', who.bearer)
    .send({ toolId, quantity, userPhone: '+1 555 0100', userAddress: '4 Clock Lane' })
    .expect(201);
  return (await store.orders.get(res.body._id))!;
}
const readOrder = (who: ShopSession, id: string) =>
  request(app).get(`/api/order/${id}`).set('Authorization', who.bearer);

describe('reservations that expire', () => {
  it('when the reservation ends, then the order reads as expired (with when its reservation ended), its stock is back, and it cannot be paid or cancelled', async () => {
    const tool = await newTool();
    const order = await buyNow(alice, tool._id, 20);
    const placed = await readOrder(alice, order._id).expect(200);
    expect(placed.body).toMatchObject({ status: 'unpaid' });
    expect(Date.parse(placed.body.expiresAt) - clock).toBe(HOUR);
    const secret = await requestIntent(app, alice, order);
    expect(await stockOf(tool._id)).toBe(30);

    clock += HOUR + 1000;
    const expired = await readOrder(alice, order._id).expect(200);

    expect(expired.body).toMatchObject({ status: 'expired', iscancelled: true, isPaid: false });
    expect(expired.body.expiresAt).toBe(placed.body.expiresAt);
    expect(await stockOf(tool._id)).toBe(50);
    // Its payment was cancelled at the gateway: the card form can no longer pay it.
    const confirm = await request(app)
      .post('/api/payments/test/confirm')
      .set('Authorization', alice.bearer)
      .send({ clientSecret: secret, ...testCard() })
      .expect(409);
    expect(confirm.body.error.code).toBe('CONFLICT');
    const intent = await request(app)
      .post('/api/create-payment-intent')
      .set('Authorization', alice.bearer)
      .send({ orderId: order._id })
      .expect(409);
    expect(intent.body.error.message).toBe('This order is expired: it can no longer be paid');
    await request(app)
      .delete(`/api/order/${order._id}`)
      .set('Authorization', alice.bearer)
      .expect(409);
    expect(await stockOf(tool._id)).toBe(50);
    const mine = await request(app)
      .get(`/api/myOrders/${encodeURIComponent(alice.email)}`)
      .set('Authorization', alice.bearer)
      .expect(200);
    expect(mine.body.find((o: { _id: string }) => o._id === order._id).status).toBe('expired');
  });

  it('when the server restarts after the reservation ended, then a new store on the same file expires it', async () => {
    const tool = await newTool();
    const order = await buyNow(bob, tool._id, 10);
    const reopened = openSqliteStore(`${dir}/shop.db`);
    try {
      const later = new Date(clock + HOUR + 1).toISOString();
      const expired = await reopened.orders.expireDue(later);
      expect(expired.map((o) => o._id)).toContain(order._id);
      expect((await reopened.orders.get(order._id))?.status).toBe('expired');
      expect((await reopened.tools.get(tool._id))?.availableQuantity).toBe(50);
      // Another instance running the sweep at the same time finds nothing left to do.
      expect(await store.orders.expireDue(later)).toEqual([]);
      expect(await stockOf(tool._id)).toBe(50);
    } finally {
      await reopened.close();
    }
  });
});

describe('a payment that arrives after the order expired', () => {
  it('when the stock is still there, then the order is reserved again and paid', async () => {
    const tool = await newTool();
    const order = await buyNow(alice, tool._id, 20);
    const secret = await requestIntent(app, alice, order);
    // The card went through at the gateway, but the browser reports it after the reservation ended.
    const paid = await gateway.confirm(secret, testCard());
    if (!paid.ok) throw new Error(paid.message);
    clock += HOUR + 1000;

    const res = await request(app)
      .patch(`/api/order/${order._id}`)
      .set('Authorization', alice.bearer)
      .send({ transactionId: paid.payment.id })
      .expect(200);

    expect(res.body).toMatchObject({
      status: 'paid',
      isPaid: true,
      transactionId: paid.payment.id,
    });
    expect(await stockOf(tool._id)).toBe(30);
    expect(gateway.refunds).not.toContain(paid.payment.id);
  });

  it('when the stock was sold meanwhile, then the payment is refunded, 409 says so, and the order stays expired', async () => {
    const tool = await newTool(20);
    const order = await buyNow(alice, tool._id, 20);
    const secret = await requestIntent(app, alice, order);
    const paid = await gateway.confirm(secret, testCard());
    if (!paid.ok) throw new Error(paid.message);
    clock += HOUR + 1000;
    await buyNow(bob, tool._id, 15);

    const res = await request(app)
      .patch(`/api/order/${order._id}`)
      .set('Authorization', alice.bearer)
      .send({ transactionId: paid.payment.id })
      .expect(409);

    expect(res.body.error.message).toBe(
      'This order expired and its tools are no longer available, so your payment was refunded.',
    );
    expect(gateway.refunds).toContain(paid.payment.id);
    expect((await store.orders.get(order._id))?.status).toBe('expired');
    expect(await stockOf(tool._id)).toBe(5);
  });

  it('when Stripe reports it by webhook and the stock is gone, then Stripe refunds it; when the stock is there, the order is paid', async () => {
    const signer = new Stripe('sk_test_signer_only');
    const deliver = (intent: { id: string; amount: number }, orderId: string) => {
      const payload = JSON.stringify({
        id: `evt_late_${intent.id}`,
        object: 'event',
        type: 'payment_intent.succeeded',
        created: 1_700_000_000,
        livemode: false,
        data: {
          object: {
            ...intent,
            object: 'payment_intent',
            currency: 'usd',
            status: 'succeeded',
            metadata: { orderId },
          },
        },
      });
      return request(stripeApp)
        .post('/api/webhooks/stripe')
        .set('Content-Type', 'application/json')
        .set(
          'Stripe-Signature',
          signer.webhooks.generateTestHeaderString({ payload, secret: STRIPE_WEBHOOK_SECRET }),
        )
        .send(payload);
    };
    const scarce = await newTool(20);
    const lost = await buyNow(alice, scarce._id, 20);
    const plenty = await newTool(100);
    const kept = await buyNow(alice, plenty._id, 10);
    clock += HOUR + 1000;
    await buyNow(bob, scarce._id, 10);
    const lostIntent = stripe.addIntent({ amount: lost.priceCents, orderId: lost._id });
    const keptIntent = stripe.addIntent({ amount: kept.priceCents, orderId: kept._id });

    await deliver(lostIntent, lost._id).expect(200);
    await deliver(keptIntent, kept._id).expect(200);

    expect(stripe.refunds.map((r) => r.payment_intent)).toEqual([lostIntent.id]);
    expect((await store.orders.get(lost._id))?.status).toBe('expired');
    expect(await stockOf(scarce._id)).toBe(10);
    expect(await store.orders.get(kept._id)).toMatchObject({
      status: 'paid',
      transactionId: keptIntent.id,
    });
    expect(await stockOf(plenty._id)).toBe(90);
    // A replayed event refunds nothing more.
    await deliver(lostIntent, lost._id).expect(200);
    expect(stripe.refunds).toHaveLength(1);
  });
});
