import path from 'node:path';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApp, type ShopApp } from '../../app.js';
import { loadConfig } from '../../config.js';
import { openSqliteStore } from '../../store/sqlite/sqlite-store.js';
import type { Store } from '../../store/store.js';
import { buildTool } from '../../test/factories.js';
import { createTestStore } from '../../test/test-store.js';
import { signInToShop, testDeps, type ShopSession } from '../../test/sign-in.js';

// Two shop instances on one SQLite file, as behind a load balancer: one store connection each.
let first: { store: Store; app: ShopApp };
let second: { store: Store; app: ShopApp };
let cleanup: () => Promise<void>;
let buyer: ShopSession;

const config = loadConfig({
  ...process.env,
  AUTH_RATE_LIMIT_PER_MINUTE: '100000',
  ORDER_RATE_LIMIT_PER_MINUTE: '3',
  MAX_UNPAID_ORDERS: '1000',
});

beforeAll(async () => {
  const made = await createTestStore();
  const other = openSqliteStore(path.join(made.dir, 'shop.db'));
  first = { store: made.store, app: createApp(testDeps(made.store, config)) };
  second = { store: other, app: createApp(testDeps(other, config)) };
  cleanup = async () => {
    await other.close();
    await made.cleanup();
  };
  buyer = await signInToShop(first.app, first.store, { displayName: 'Limited Buyer' });
});
afterAll(() => cleanup());

const buyNow = (app: ShopApp, toolId: string) =>
  request(app)
    .post('/api/addOrderItem')
    .set('Authorization', buyer.bearer)
    .send({ toolId, quantity: 5, userPhone: '+1 555 0100', userAddress: '1 Limit Lane, Leeds' });
const checkout = async (app: ShopApp, toolId: string) => {
  await request(app)
    .put(`/api/cart/${toolId}`)
    .set('Authorization', buyer.bearer)
    .send({ quantity: 5 })
    .expect(200);
  return request(app)
    .post('/api/checkout')
    .set('Authorization', buyer.bearer)
    .send({ userPhone: '+1 555 0100', userAddress: '1 Limit Lane, Leeds', expectedTotal: 5 });
};

describe('the order rate limit across instances', () => {
  it('when one address orders through two instances on one file, then they count together', async () => {
    const tool = await first.store.tools.create(
      buildTool({ availableQuantity: 100, minimumOrderQuantity: 5, priceCents: 100 }),
    );
    const statuses = [];
    for (const app of [first.app, second.app, first.app, second.app])
      statuses.push((await buyNow(app, tool._id)).status);
    expect(statuses).toEqual([201, 201, 201, 429]);
    const refused = await buyNow(first.app, tool._id).expect(429);
    expect(refused.body.error.code).toBe('RATE_LIMITED');
    expect((await second.store.tools.get(tool._id))?.availableQuantity).toBe(85);
  });

  it('when one address checks out through two instances, then the checkout limit counts together', async () => {
    const tool = await first.store.tools.create(
      buildTool({ availableQuantity: 100, minimumOrderQuantity: 5, priceCents: 100 }),
    );
    const statuses = [];
    for (const app of [second.app, first.app, second.app, first.app])
      statuses.push((await checkout(app, tool._id)).status);
    expect(statuses).toEqual([201, 201, 201, 429]);
    expect((await first.store.tools.get(tool._id))?.availableQuantity).toBe(85);
  });
});
