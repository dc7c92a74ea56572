import request from 'supertest';
import type { Express } from 'express';
import { createApp } from '../../app.js';
import { loadConfig, type Config } from '../../config.js';
import type { Store } from '../../store/store.js';
import { buildTool } from '../factories.js';
import { startFakeStripe, type FakeStripe } from '../fake-stripe.js';
import { createTestStore } from '../test-store.js';
import { signInToShop, testDeps, type ShopSession } from '../sign-in.js';

/**
 * The world the authorisation matrix runs in: one store, the app as `npm start` builds it (test
 * card gateway) and the app with Stripe configured (which adds the webhook and drops the test
 * card confirmation), a shared admin, and builders for real data made through the API.
 */

export type Role = 'anonymous' | 'customerA' | 'customerB' | 'admin';
export const ROLES: readonly Role[] = ['anonymous', 'customerA', 'customerB', 'admin'];

export const STRIPE_WEBHOOK_SECRET = 'whsec_authz_matrix';

export interface World {
  store: Store;
  app: Express;
  stripeApp: Express;
  admin: ShopSession;
  close(): Promise<void>;
}

// Every request comes from one address: lift the per-minute limits, which have their own tests.
const unlimited = {
  AUTH_RATE_LIMIT_PER_MINUTE: '100000',
  ORDER_RATE_LIMIT_PER_MINUTE: '100000',
  REVIEW_RATE_LIMIT_PER_MINUTE: '100000',
  MAX_UNPAID_ORDERS: '1000',
};

function stripeConfig(stripe: FakeStripe): Config {
  return loadConfig({
    ...process.env,
    ...unlimited,
    STRIPE_SECRET_KEY: stripe.secretKey,
    STRIPE_PUBLISHABLE_KEY: 'pk_test_authz_matrix',
    STRIPE_WEBHOOK_SECRET,
    STRIPE_API_HOST: stripe.host,
  });
}

export async function createWorld(): Promise<World> {
  const { store, cleanup } = await createTestStore();
  const stripe = await startFakeStripe();
  const app = createApp(testDeps(store, loadConfig({ ...process.env, ...unlimited })));
  const stripeApp = createApp(testDeps(store, stripeConfig(stripe)));
  const admin = await signInToShop(app, store, { displayName: 'Ada Admin', admin: true });
  return {
    store,
    app,
    stripeApp,
    admin,
    async close() {
      await stripe.close();
      await cleanup();
    },
  };
}

/** Two fresh customers per matrix row, so what one row does to A never leaks into the next. */
export async function signInCustomers(world: World) {
  const [a, b] = await Promise.all([
    signInToShop(world.app, world.store, { displayName: 'Alice Owner' }),
    signInToShop(world.app, world.store, { displayName: 'Bob Other' }),
  ]);
  return { a, b };
}

export const newTool = (world: World) =>
  world.store.tools.create(buildTool({ availableQuantity: 1000, minimumOrderQuantity: 5 }));

export const orderBody = (toolId: string) => ({
  toolId,
  quantity: 10,
  userName: 'Alice Owner',
  userPhone: '+1 555 0100',
  userAddress: '1 Main Street, Springfield',
});

const nextYear = (new Date().getFullYear() + 1) % 100;
export const successCard = {
  cardNumber: '4242 4242 4242 4242',
  expMonth: 12,
  expYear: nextYear,
  cvc: '123',
  name: 'Alice Owner',
};

async function ok(call: request.Test, what: string): Promise<request.Response> {
  const res = await call;
  if (res.status >= 300) throw new Error(`${what}: ${res.status} ${JSON.stringify(res.body)}`);
  return res;
}

/** An unpaid order of `owner`, placed through POST /api/addOrderItem; its id. */
export async function placeOrder(world: World, owner: ShopSession): Promise<string> {
  const tool = await newTool(world);
  const res = await ok(
    request(world.app)
      .post('/api/addOrderItem')
      .set('Authorization', owner.bearer)
      .send(orderBody(tool._id)),
    'placing the order',
  );
  return res.body._id as string;
}

/** The client secret of a payment intent the owner opened for their order. */
export async function openIntent(world: World, owner: ShopSession, orderId: string) {
  const res = await ok(
    request(world.app)
      .post('/api/create-payment-intent')
      .set('Authorization', owner.bearer)
      .send({ orderId }),
    'opening the payment intent',
  );
  return res.body.clientSecret as string;
}

/** An order the owner paid with the test card, as the client does; its id and transaction id. */
export async function paidOrder(world: World, owner: ShopSession) {
  const orderId = await placeOrder(world, owner);
  const clientSecret = await openIntent(world, owner, orderId);
  const res = await ok(
    request(world.app)
      .post('/api/payments/test/confirm')
      .set('Authorization', owner.bearer)
      .send({ clientSecret, ...successCard }),
    'paying with the test card',
  );
  return { orderId, transactionId: res.body.paymentIntent.id as string };
}

/** A payment_intent.succeeded event for the order, as Stripe would send it. */
export function succeededEvent(orderId: string, amountCents: number): string {
  return JSON.stringify({
    id: `evt_authz_${orderId}`,
    object: 'event',
    type: 'payment_intent.succeeded',
    created: 1_700_000_000,
    livemode: false,
    data: {
      object: {
        id: `pi_authz_${orderId}`,
        object: 'payment_intent',
        amount: amountCents,
        currency: 'usd',
        status: 'succeeded',
        metadata: { orderId },
      },
    },
  });
}
