import request from 'supertest';
import { afterAll, beforeAll, vi } from 'vitest';
import { createApp, type ShopApp } from '../app.js';
import type { Config } from '../config.js';
import { createPaymentGateway, type PaymentGateway } from '../modules/payments/gateways/index.js';
import type { OrderRecord, Store } from '../store/store.js';
import { buildOrderInput, buildTool } from './factories.js';
import { signInToShop, testDeps, type ShopSession } from './sign-in.js';
import { testConfig } from './test-app.js';
import { createTestStore } from './test-store.js';

/** Test setup shared by the payments tests: config, an app with its gateway, orders. */

export const STRIPE_WEBHOOK_SECRET = 'whsec_fake_toolworks';

/**
 * A card payment's invoice and its "payment received" email are made after the payment's answer
 * (the invoice is validated first, issue 52): waits until they are, or the invoice has failed.
 */
export async function paymentNoticed(store: Store, orderId: string): Promise<void> {
  await vi.waitFor(
    async () => {
      if (await store.failedDocuments.get(orderId, 'invoice')) return;
      const { items } = await store.outbox.list({ offset: 0, limit: 1000 });
      if (!items.some((m) => m.orderId === orderId && m.kind === 'payment-received'))
        throw new Error('the payment has not been noticed yet');
    },
    { timeout: 15_000, interval: 20 },
  );
}

/** `testConfig`, with the review limit lifted too (paid buyers review what they bought). */
export function paymentsConfig(extra: Record<string, string> = {}): Config {
  return testConfig({ REVIEW_RATE_LIMIT_PER_MINUTE: '100000', ...extra });
}

export function stripeConfig(apiHost: string, secretKey: string): Config {
  return paymentsConfig({
    STRIPE_SECRET_KEY: secretKey,
    STRIPE_PUBLISHABLE_KEY: 'pk_test_fake_toolworks',
    STRIPE_WEBHOOK_SECRET,
    STRIPE_API_HOST: apiHost,
  });
}

export function paymentsApp(
  store: Store,
  config: Config,
  gateway?: PaymentGateway,
): { app: ShopApp; gateway: PaymentGateway } {
  const payments = gateway ?? createPaymentGateway(config, store);
  return { app: createApp({ ...testDeps(store, config), payments }), gateway: payments };
}

/** An unpaid order of `email` for quantity x unit price (25 x $4.00 = $100.00 by default). */
export async function placeOrder(
  store: Store,
  email: string,
  { unitPriceCents = 400, quantity = 25 }: { unitPriceCents?: number; quantity?: number } = {},
): Promise<OrderRecord> {
  const tool = await store.tools.create(
    buildTool({ priceCents: unitPriceCents, minimumOrderQuantity: 1 }),
  );
  const result = await store.orders.place(
    buildOrderInput(tool._id, { userEmail: email, quantity }),
  );
  if (!result.ok) throw new Error(`Could not place the test order: ${result.reason}`);
  return result.order;
}

const nextYear = (new Date().getFullYear() + 1) % 100;

/** Stripe's success card, valid until next year, with the payer's billing details. */
export const testCard = (overrides: Record<string, unknown> = {}) => ({
  cardNumber: '4242 4242 4242 4242',
  expMonth: 12,
  expYear: nextYear,
  cvc: '123',
  name: 'Casey Customer',
  email: 'casey@example.com',
  ...overrides,
});

/** POST /api/create-payment-intent as `session`; the client secret. */
export async function requestIntent(
  app: ShopApp,
  session: ShopSession,
  order: OrderRecord,
): Promise<string> {
  const res = await request(app)
    .post('/api/create-payment-intent')
    .set('Authorization', session.bearer)
    .send({ orderId: order._id })
    .expect(200);
  return res.body.clientSecret as string;
}

/** POST /api/payments/test/confirm as `session` with the success card and `overrides`. */
export const confirmCard = (
  app: ShopApp,
  session: ShopSession,
  clientSecret: string,
  overrides: Record<string, unknown> = {},
) =>
  request(app)
    .post('/api/payments/test/confirm')
    .set('Authorization', session.bearer)
    .send({ clientSecret, ...testCard(overrides) });

/** PATCH /api/order/:id as `session`. */
export const reportPayment = (
  app: ShopApp,
  session: ShopSession,
  order: OrderRecord,
  body: object,
) => request(app).patch(`/api/order/${order._id}`).set('Authorization', session.bearer).send(body);

export interface TestGatewayShop {
  config: Config;
  store: Store;
  app: ShopApp;
  gateway: PaymentGateway;
  customer: ShopSession;
  other: ShopSession;
}

/**
 * For a whole test file: a store, the shop on the test gateway and two signed-in customers,
 * and the payment calls bound to them (pass `target` to call another app, a restarted one).
 */
/** `extra`: settings beside the payments' (a seller, a tax setup). */
export function useTestGatewayShop(extra: Record<string, string> = {}) {
  const shop = { config: paymentsConfig(extra) } as TestGatewayShop;
  let cleanup: () => Promise<void> = async () => {};
  beforeAll(async () => {
    ({ store: shop.store, cleanup } = await createTestStore());
    ({ app: shop.app, gateway: shop.gateway } = paymentsApp(shop.store, shop.config));
    [shop.customer, shop.other] = await Promise.all([
      signInToShop(shop.app, shop.store, { displayName: 'Casey Customer' }),
      signInToShop(shop.app, shop.store, { displayName: 'Olivia Other' }),
    ]);
  });
  afterAll(() => cleanup());

  const intentFor = (order: OrderRecord, session = shop.customer, target = shop.app) =>
    requestIntent(target, session, order);
  const confirm = (
    secret: string,
    overrides: Record<string, unknown> = {},
    session = shop.customer,
    target = shop.app,
  ) => confirmCard(target, session, secret, overrides);
  const markPaid = (order: OrderRecord, body: object, session = shop.customer, target = shop.app) =>
    reportPayment(target, session, order, body);
  /** An order of the customer's, paid by card through `target`. */
  const paidOrderOn = async (target = shop.app) => {
    const order = await placeOrder(shop.store, shop.customer.email);
    await confirm(await intentFor(order, shop.customer, target), {}, shop.customer, target).expect(
      200,
    );
    await paymentNoticed(shop.store, order._id);
    return order;
  };
  return { shop, intentFor, confirm, markPaid, paidOrderOn };
}
