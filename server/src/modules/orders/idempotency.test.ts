import request from 'supertest';
import type { ShopApp } from '../../app.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApp } from '../../app.js';
import { loadConfig } from '../../config.js';
import type { Store } from '../../store/store.js';
import { buildTool } from '../../test/factories.js';
import { createTestStore } from '../../test/test-store.js';
import { signInToShop, testDeps, type ShopSession } from '../../test/sign-in.js';

let store: Store;
let cleanup: () => Promise<void>;
let app: ShopApp;
let buyer: ShopSession;
let admin: ShopSession;

beforeAll(async () => {
  ({ store, cleanup } = await createTestStore());
  const config = loadConfig({
    ...process.env,
    AUTH_RATE_LIMIT_PER_MINUTE: '100000',
    ORDER_RATE_LIMIT_PER_MINUTE: '100000',
    MAX_UNPAID_ORDERS: '1000',
  });
  app = createApp(testDeps(store, config));
  [buyer, admin] = await Promise.all([
    signInToShop(app, store),
    signInToShop(app, store, { admin: true }),
  ]);
});
afterAll(() => cleanup());

const tool = () =>
  store.tools.create(
    buildTool({ priceCents: 500, availableQuantity: 1000, minimumOrderQuantity: 2 }),
  );
const stockOf = async (id: string) => (await store.tools.get(id))?.availableQuantity;
const ordersOf = async (toolId: string) =>
  (await store.orders.listByEmail(buyer.email)).filter((order) => order.toolId === toolId);
const contact = { userPhone: '+1 555 0100', userAddress: '9 Retry Road' };
let keys = 0;
const newKey = () => `key-${Date.now()}-${++keys}`;

const checkout = (key?: string, body: object = { ...contact, expectedTotal: 10 }) => {
  const req = request(app).post('/api/checkout').set('Authorization', buyer.bearer);
  return (key === undefined ? req : req.set('Idempotency-Key', key)).send(body);
};
const buyNow = (toolId: string, key: string, quantity = 2) =>
  request(app)
    .post('/api/addOrderItem')
    .set('Authorization', buyer.bearer)
    .set('Idempotency-Key', key)
    .send({ toolId, quantity, ...contact });

describe('POST /api/checkout with an Idempotency-Key', () => {
  it('when the same checkout is sent again with its key, then the first order is answered and nothing new is placed', async () => {
    const t = await tool();
    await store.carts.set(buyer.email, t._id, 2, new Date().toISOString());
    const key = newKey();
    const first = await checkout(key).expect(201);
    expect(first.headers['idempotent-replayed']).toBeUndefined();
    const retry = await checkout(key).expect(201);
    expect(retry.headers['idempotent-replayed']).toBe('true');
    expect(retry.body._id).toBe(first.body._id);
    expect(retry.headers.location).toBe(`/api/order/${first.body._id}`);
    expect(await ordersOf(t._id)).toHaveLength(1);
    expect(await stockOf(t._id)).toBe(998);
    // Without the key, the emptied cart says so.
    const plain = await checkout().expect(400);
    expect(plain.body.error.message).toBe('Your cart is empty');
  });

  it('when three attempts with one key arrive at once, then each answers the one order placed', async () => {
    const t = await tool();
    await store.carts.set(buyer.email, t._id, 4, new Date().toISOString());
    const key = newKey();
    const body = { ...contact, expectedTotal: 20 };
    const answers = await Promise.all([0, 1, 2].map(() => checkout(key, body)));
    expect(answers.map((a) => a.status)).toEqual([201, 201, 201]);
    expect(new Set(answers.map((a) => a.body._id)).size).toBe(1);
    expect(await ordersOf(t._id)).toHaveLength(1);
    expect(await stockOf(t._id)).toBe(996);
  });

  it('when a key is reused for a different checkout, then 422 and nothing is placed', async () => {
    const t = await tool();
    await store.carts.set(buyer.email, t._id, 2, new Date().toISOString());
    const key = newKey();
    await checkout(key).expect(201);
    await store.carts.set(buyer.email, t._id, 2, new Date().toISOString());
    const reused = await checkout(key, {
      ...contact,
      userAddress: 'Elsewhere 1',
      expectedTotal: 10,
    });
    expect(reused.status).toBe(422);
    expect(reused.body.error.code).toBe('IDEMPOTENCY_KEY_REUSED');
    expect(await ordersOf(t._id)).toHaveLength(1);
    expect(await store.carts.get(buyer.email)).toHaveLength(1);
    await store.carts.clear(buyer.email);
  });

  it('when the key is empty, too long or not visible ASCII, then 400 and nothing is placed', async () => {
    const t = await tool();
    await store.carts.set(buyer.email, t._id, 2, new Date().toISOString());
    for (const bad of ['x'.repeat(256), 'has space', 'tab\tkey']) {
      const res = await checkout(bad);
      expect(res.status).toBe(400);
      expect(res.body.error.code).toBe('VALIDATION_ERROR');
    }
    expect(await ordersOf(t._id)).toHaveLength(0);
    await store.carts.clear(buyer.email);
  });
});

describe('POST /api/addOrderItem with an Idempotency-Key', () => {
  it('when Buy Now is retried with its key, also at once, then one order is placed and every attempt answers it', async () => {
    const t = await tool();
    const key = newKey();
    const answers = await Promise.all([0, 1, 2].map(() => buyNow(t._id, key)));
    expect(answers.map((a) => a.status)).toEqual([201, 201, 201]);
    expect(new Set(answers.map((a) => a.body._id)).size).toBe(1);
    const later = await buyNow(t._id, key).expect(201);
    expect(later.headers['idempotent-replayed']).toBe('true');
    expect(later.body._id).toBe(answers[0]?.body._id);
    expect(await ordersOf(t._id)).toHaveLength(1);
    expect(await stockOf(t._id)).toBe(998);
    // Another quantity under the same key is another request.
    const reused = await buyNow(t._id, key, 3);
    expect(reused.status).toBe(422);
    // A new key is a new order.
    await buyNow(t._id, newKey()).expect(201);
    expect(await ordersOf(t._id)).toHaveLength(2);
  });
});

describe('POST /api/quotes/{id}/accept with an Idempotency-Key', () => {
  it('when an acceptance is retried with its key, then the order it placed is answered; without the key the quote is already accepted', async () => {
    const t = await tool();
    const asked = await request(app)
      .post('/api/quotes')
      .set('Authorization', buyer.bearer)
      .send({
        items: [{ toolId: t._id, quantity: 10 }],
        requestedDeliveryDate: `${new Date().getUTCFullYear() + 1}-06-30`,
        message: 'For a site.',
        ...contact,
      })
      .expect(201);
    await request(app)
      .patch(`/api/quotes/${asked.body._id}`)
      .set('Authorization', admin.bearer)
      .send({
        items: [{ toolId: t._id, unitPrice: 4 }],
        validUntil: `${new Date().getUTCFullYear() + 1}-06-30`,
      })
      .expect(200);
    const key = newKey();
    const accept = (withKey: boolean) => {
      const req = request(app)
        .post(`/api/quotes/${asked.body._id}/accept`)
        .set('Authorization', buyer.bearer);
      return (withKey ? req.set('Idempotency-Key', key) : req).send({ version: 1 });
    };
    const answers = await Promise.all([accept(true), accept(true)]);
    expect(answers.map((a) => a.status)).toEqual([201, 201]);
    expect(answers[1]?.body.order._id).toBe(answers[0]?.body.order._id);
    expect(answers[0]?.body.quote.status).toBe('accepted');
    const retry = await accept(true).expect(201);
    expect(retry.body.order._id).toBe(answers[0]?.body.order._id);
    expect(retry.body.quote.status).toBe('accepted');
    expect(retry.headers['idempotent-replayed']).toBe('true');
    expect((await accept(false)).status).toBe(409);
    expect(await ordersOf(t._id)).toHaveLength(1);
    expect(await stockOf(t._id)).toBe(990);
  });
});
