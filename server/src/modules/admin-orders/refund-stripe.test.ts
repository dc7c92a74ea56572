import Stripe from 'stripe';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ShopApp } from '../../app.js';
import type { OrderRecord, Store } from '../../store/store.js';
import { startFakeStripe, type FakeStripe } from '../../test/fake-stripe.js';
import {
  paymentsApp,
  placeOrder,
  stripeConfig,
  STRIPE_WEBHOOK_SECRET,
} from '../../test/payments-fixtures.js';
import { signInToShop, type ShopSession } from '../../test/sign-in.js';
import { createTestStore } from '../../test/test-store.js';

// Refunds on Stripe (the SDK against the local fake) and Stripe's `charge.refunded` webhook,
// before and after the admin's refund: always one refund, one restock, one email.
let store: Store;
let cleanup: () => Promise<void>;
let stripe: FakeStripe;
let app: ShopApp;
let customer: ShopSession;
let admin: ShopSession;
const signer = new Stripe('sk_test_signer_only');
let sequence = 0;

beforeAll(async () => {
  ({ store, cleanup } = await createTestStore());
  stripe = await startFakeStripe();
  ({ app } = paymentsApp(store, stripeConfig(stripe.host, stripe.secretKey)));
  [customer, admin] = await Promise.all([
    signInToShop(app, store),
    signInToShop(app, store, { admin: true }),
  ]);
});
afterAll(async () => {
  await stripe.close();
  await cleanup();
});

/** An order paid on (fake) Stripe through the API: intent, Stripe's success, the browser's report. */
async function paidOrder(): Promise<OrderRecord> {
  const order = await placeOrder(store, customer.email);
  const res = await request(app)
    .post('/api/create-payment-intent')
    .set('Authorization', customer.bearer)
    .send({ orderId: order._id })
    .expect(200);
  const intentId = (res.body.clientSecret as string).split('_secret_')[0] ?? '';
  stripe.setStatus(intentId, 'succeeded');
  await request(app)
    .patch(`/api/order/${order._id}`)
    .set('Authorization', customer.bearer)
    .send({ transactionId: intentId })
    .expect(200);
  return (await store.orders.get(order._id))!;
}

const refund = (order: OrderRecord, body: object = {}) =>
  request(app).post(`/api/order/${order._id}/refund`).set('Authorization', admin.bearer).send(body);

/** Stripe's charge.refunded for the order's payment, signed as Stripe signs it. */
function chargeRefunded(order: OrderRecord, refundId: string, full = true, amount?: number) {
  const payload = JSON.stringify({
    id: `evt_refund_${++sequence}`,
    object: 'event',
    type: 'charge.refunded',
    created: 1_700_000_000,
    livemode: false,
    data: {
      object: {
        id: `ch_fake${sequence}`,
        object: 'charge',
        payment_intent: order.transactionId,
        amount: order.priceCents,
        amount_refunded: full ? order.priceCents : 100,
        refunded: full,
        refunds: {
          object: 'list',
          data: [{ id: refundId, object: 'refund', ...(amount !== undefined && { amount }) }],
        },
      },
    },
  });
  return request(app)
    .post('/api/webhooks/stripe')
    .set('Content-Type', 'application/json')
    .set(
      'Stripe-Signature',
      signer.webhooks.generateTestHeaderString({ payload, secret: STRIPE_WEBHOOK_SECRET }),
    )
    .send(payload);
}

const stockOf = async (order: OrderRecord) =>
  (await store.tools.get(order.toolId))?.availableQuantity;
const refundMails = async (order: OrderRecord) =>
  (await store.outbox.list({ offset: 0, limit: 200 })).items.filter(
    (m) => m.orderId === order._id && m.kind === 'order-refunded',
  );
const refundsOf = (order: OrderRecord) =>
  stripe.refunds.filter((r) => r.payment_intent === order.transactionId);

describe('refunds on Stripe', () => {
  it('when the admin refunds, then Stripe refunds the payment once with an idempotency key and the order shows its refund id', async () => {
    const order = await paidOrder();
    const res = await refund(order, { reason: 'Damaged in our warehouse' }).expect(200);
    const [made] = refundsOf(order);
    expect(made).toMatchObject({ payment_intent: order.transactionId, amount: 10000 });
    expect(res.body).toMatchObject({ status: 'refunded', refundId: made?.id });
    const sent = stripe.requests.filter((r) => r.path === '/v1/refunds').at(-1);
    expect(sent?.idempotencyKey).toBe(`refund-${order.transactionId}`);
    await refund(order).expect(200);
    expect(refundsOf(order)).toHaveLength(1);
  });

  it('when charge.refunded arrives after the admin refunded, then nothing more: one refund, one restock, one email', async () => {
    const order = await paidOrder();
    const res = await refund(order).expect(200);
    expect(await stockOf(order)).toBe(500);

    const hook = await chargeRefunded(order, res.body.refundId as string).expect(200);

    expect(hook.body).toEqual({ received: true, outcome: 'ignored' });
    expect(await stockOf(order)).toBe(500);
    expect(await refundMails(order)).toHaveLength(1);
    expect(refundsOf(order)).toHaveLength(1);
    expect(await store.orders.get(order._id)).toMatchObject({ refundId: res.body.refundId });
  });

  it('when charge.refunded arrives first (refunded in Stripe), then the order is refunded once and the admin refund asks Stripe nothing', async () => {
    const order = await paidOrder();
    expect(await stockOf(order)).toBe(475);

    const hook = await chargeRefunded(order, 're_dashboard_1').expect(200);
    expect(hook.body).toEqual({ received: true, outcome: 'applied' });
    expect(await store.orders.get(order._id)).toMatchObject({
      status: 'refunded',
      refundId: 're_dashboard_1',
    });
    expect(await stockOf(order)).toBe(500);

    const calls = stripe.requests.length;
    const res = await refund(order, { reason: 'late click' }).expect(200);
    expect(res.body).toMatchObject({ status: 'refunded', refundId: 're_dashboard_1' });
    expect(res.body).not.toHaveProperty('refundReason');
    expect(stripe.requests.slice(calls).filter((r) => r.path === '/v1/refunds')).toEqual([]);
    // The same event again (Stripe retries): a duplicate, nothing moves.
    await chargeRefunded(order, 're_dashboard_1').expect(200);
    expect(await stockOf(order)).toBe(500);
    expect(await refundMails(order)).toHaveLength(1);
  });

  it('when only part of the charge is refunded in Stripe, then the order stays as it is', async () => {
    const order = await paidOrder();
    const hook = await chargeRefunded(order, 're_partial', false).expect(200);
    expect(hook.body).toEqual({ received: true, outcome: 'ignored' });
    expect(await store.orders.get(order._id)).toEqual(order);
  });

  it('when the admin refunds part, then Stripe gets the amount with its own key, and its charge.refunded changes nothing more', async () => {
    const order = await paidOrder();
    const res = await request(app)
      .post(`/api/order/${order._id}/refunds`)
      .set('Authorization', admin.bearer)
      .set('Idempotency-Key', 'part-1')
      .send({ amountCents: 300, reason: 'Scratched' })
      .expect(201);
    const sent = stripe.requests.filter((r) => r.path === '/v1/refunds').at(-1);
    expect(sent?.body.get('amount')).toBe('300');
    expect(sent?.idempotencyKey).toBe(`refund-${order._id}-part-1`);
    const made = refundsOf(order).at(-1)!;
    await chargeRefunded(order, made.id, false, 300).expect(200);
    expect(await store.refunds.listByOrder(order._id)).toHaveLength(1);
    expect(res.body).toMatchObject({ status: 'paid', refundedCents: 300 });
  });

  it('when part is refunded in the Dashboard, then charge.refunded records it once with a credit note; the order stays paid', async () => {
    const order = await paidOrder();
    await chargeRefunded(order, 're_dash_part', false, 250).expect(200);
    await chargeRefunded(order, 're_dash_part', false, 250).expect(200);
    const refunds = await store.refunds.listByOrder(order._id);
    expect(refunds).toEqual([
      expect.objectContaining({ amountCents: 250, gatewayRefundId: 're_dash_part' }),
    ]);
    expect((await store.orders.get(order._id))?.status).toBe('paid');
    expect(await store.creditNotes.listByOrder(order._id)).toHaveLength(1);
  });

  it('when Stripe refuses the refund, then 502 and the order, stock and outbox are unchanged', async () => {
    const order = await placeOrder(store, customer.email);
    const paid = (await store.orders.markPaid(order._id, 'pi_unknown_to_stripe'))!.order;
    const res = await refund(order).expect(502);
    expect(res.body.error.code).toBe('PAYMENT_FAILED');
    expect(await store.orders.get(order._id)).toEqual(paid);
    expect(await stockOf(order)).toBe(475);
    expect(await refundMails(order)).toHaveLength(0);
  });
});
