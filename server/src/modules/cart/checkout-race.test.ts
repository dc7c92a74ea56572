import request from 'supertest';
import type { ShopApp } from '../../app.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApp } from '../../app.js';
import { loadConfig } from '../../config.js';
import { openSqliteStore, type SqliteStore } from '../../store/sqlite/sqlite-store.js';
import type { OrderRecord, Store, ToolRecord } from '../../store/store.js';
import { buildTool } from '../../test/factories.js';
import { createTestStore } from '../../test/test-store.js';
import { signInToShop, testDeps, type ShopSession } from '../../test/sign-in.js';

let store: Store;
let second: SqliteStore;
let cleanup: () => Promise<void>;
let apps: ShopApp[];

beforeAll(async () => {
  let dir: string;
  ({ store, cleanup, dir } = await createTestStore());
  // A second handle on the same file: another instance of the shop.
  second = openSqliteStore(`${dir}/shop.db`);
  const config = loadConfig({
    ...process.env,
    AUTH_RATE_LIMIT_PER_MINUTE: '100000',
    ORDER_RATE_LIMIT_PER_MINUTE: '100000',
    MAX_UNPAID_ORDERS: '1000',
  });
  apps = [createApp(testDeps(store, config)), createApp(testDeps(second, config))];
});
afterAll(async () => {
  await second.close();
  await cleanup();
});

/** Every order on record for these tools must hold all of its lines; no stock below zero. */
async function checkNoOversell(tools: ToolRecord[], orders: OrderRecord[], start: number) {
  for (const tool of tools) {
    const now = (await store.tools.get(tool._id))?.availableQuantity ?? -1;
    const sold = orders
      .flatMap((o) => o.items)
      .filter((l) => l.toolId === tool._id)
      .reduce((sum, l) => sum + l.quantity, 0);
    expect(now).toBeGreaterThanOrEqual(0);
    expect(sold + now).toBe(start);
  }
}

describe('POST /api/checkout under concurrency', () => {
  it('when 30 buyers check out overlapping 3-line carts at once on two instances, then no line is oversold and every order has all its lines', async () => {
    const START = 40;
    const tools = await Promise.all(
      Array.from({ length: 5 }, () =>
        store.tools.create(
          buildTool({ priceCents: 100, availableQuantity: START, minimumOrderQuantity: 5 }),
        ),
      ),
    );
    const buyers: ShopSession[] = [];
    for (let i = 0; i < 30; i++) buyers.push(await signInToShop(apps[0] as ShopApp, store));
    const carts = buyers.map((_, i) => [0, 1, 2].map((k) => tools[(i + k) % tools.length]!));
    await Promise.all(
      buyers.map((b, i) =>
        Promise.all(
          (carts[i] ?? []).map((t, k) =>
            store.carts.set(b.email, t._id, 5 + k, new Date().toISOString()),
          ),
        ),
      ),
    );

    const answers = await Promise.all(
      buyers.map((b, i) =>
        request(apps[i % 2] as ShopApp)
          .post('/api/checkout')
          .set('Authorization', b.bearer)
          .send({ userPhone: '+1 555 0100', userAddress: '3 Race Street', expectedTotal: 18 }),
      ),
    );

    const statuses = answers.map((a) => a.status);
    expect(statuses.every((s) => s === 201 || s === 409)).toBe(true);
    const won = answers.filter((a) => a.status === 201);
    const lost = answers.filter((a) => a.status === 409);
    expect(won.length).toBeGreaterThan(0);
    expect(lost.length).toBeGreaterThan(0);
    for (const res of lost) expect(res.body.error.code).toBe('OUT_OF_STOCK');
    const placed = (await Promise.all(buyers.map((b) => store.orders.listByEmail(b.email)))).flat();
    expect(placed).toHaveLength(won.length);
    for (const order of placed) {
      expect(order.items).toHaveLength(3);
      expect(order.quantity).toBe(18);
    }
    await checkNoOversell(tools, placed, START);
    // The winners' carts are empty; the losers' carts are untouched.
    for (const [i, b] of buyers.entries()) {
      const lines = await store.carts.get(b.email);
      expect(lines).toHaveLength(answers[i]?.status === 201 ? 0 : 3);
    }
  });
});

describe('POST /api/checkout twice at once', () => {
  it('when one buyer sends three identical checkouts at once, again and again, then each cart becomes exactly one order and the others are refused', async () => {
    const tool = await store.tools.create(
      buildTool({ priceCents: 100, availableQuantity: 10_000, minimumOrderQuantity: 1 }),
    );
    const buyer = await signInToShop(apps[0] as ShopApp, store);
    for (let attempt = 0; attempt < 12; attempt++) {
      await store.carts.set(buyer.email, tool._id, 2, new Date().toISOString());
      const answers = await Promise.all(
        [0, 1, 2].map((i) =>
          request(apps[i % 2] as ShopApp)
            .post('/api/checkout')
            .set('Authorization', buyer.bearer)
            .send({ userPhone: '+1 555 0100', userAddress: '3 Race Street', expectedTotal: 2 }),
        ),
      );
      const placed = answers.filter((a) => a.status === 201);
      expect(placed, `attempt ${attempt}`).toHaveLength(1);
      for (const refused of answers.filter((a) => a.status !== 201)) {
        expect([400, 409]).toContain(refused.status);
        if (refused.status === 400) expect(refused.body.error.message).toBe('Your cart is empty');
      }
    }
    expect(await store.orders.listByEmail(buyer.email)).toHaveLength(12);
    expect((await store.tools.get(tool._id))?.availableQuantity).toBe(10_000 - 24);
  });
});
