import path from 'node:path';
import Database from 'better-sqlite3';
import request from 'supertest';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createApp, type ShopApp } from '../../app.js';
import { loadConfig } from '../../config.js';
import type { Store, ToolRecord } from '../../store/store.js';
import { buildTool } from '../../test/factories.js';
import { signInToShop, testDeps, type ShopSession } from '../../test/sign-in.js';
import { createTestStore } from '../../test/test-store.js';

/**
 * The catalogue's answers are kept in memory (lib/response-cache.ts). What a visitor must see:
 * every change at once, whether made through this shop or by another process on the same file
 * (another instance), and identical answers either way.
 */

let store: Store;
let dir: string;
let cleanup: () => Promise<void>;
let app: ShopApp;
let admin: ShopSession;
let customer: ShopSession;
let tool: ToolRecord;

const shopConfig = (cacheMs: string, extra: Record<string, string> = {}) =>
  loadConfig({
    ...process.env,
    AUTH_RATE_LIMIT_PER_MINUTE: '100000',
    ORDER_RATE_LIMIT_PER_MINUTE: '100000',
    CATALOGUE_CACHE_MS: cacheMs,
    ...extra,
  });

/** A write by someone else: a second connection to the same file, bypassing this process. */
function renameElsewhere(id: string, name: string): void {
  const db = new Database(path.join(dir, 'shop.db'));
  try {
    db.prepare('UPDATE tools SET name = ?, name_folded = lower(?) WHERE id = ?').run(
      name,
      name,
      id,
    );
  } finally {
    db.close();
  }
}

const namesIn = async (target: ShopApp, url = '/api/tools') =>
  (await request(target).get(url).expect(200)).body.map((t: { name: string }) => t.name);

beforeAll(async () => {
  ({ store, dir, cleanup } = await createTestStore());
  app = createApp(testDeps(store, shopConfig('60000')));
  [admin, customer] = await Promise.all([
    signInToShop(app, store, { displayName: 'Ada Admin', admin: true }),
    signInToShop(app, store, { displayName: 'Cal Customer' }),
  ]);
});
afterAll(() => cleanup());

beforeEach(async () => {
  tool = await store.tools.create(
    buildTool({ name: 'Cached Drill', availableQuantity: 500, minimumOrderQuantity: 10 }),
  );
});

describe('the catalogue cache', () => {
  it('when the same page is asked twice, then both answers have the same status, headers and body', async () => {
    const first = await request(app).get('/api/tools?page=1&limit=6').expect(200);
    const second = await request(app).get('/api/tools?page=1&limit=6').expect(200);
    const headers = (res: typeof first) => {
      const { date: _date, connection: _connection, ...rest } = res.headers;
      return rest;
    };
    expect(headers(second)).toEqual(headers(first));
    expect(second.text).toBe(first.text);
    expect(second.headers['content-security-policy']).toContain("default-src 'self'");
    expect(second.headers['x-total-count']).toBe(first.headers['x-total-count']);
  });

  it('when another process writes to the database, then the next answer shows it', async () => {
    await namesIn(app); // kept
    const kept = store.catalogueVersion();
    expect(store.catalogueVersion()).toBe(kept); // nothing written: the kept answer stays good
    renameElsewhere(tool._id, 'Renamed Elsewhere');
    // The store reads SQLite's data_version once per turn of the event loop (sqlite-store.ts).
    await new Promise((resolve) => setImmediate(resolve));
    expect(store.catalogueVersion()).toBeGreaterThan(kept);
    expect(await namesIn(app)).toContain('Renamed Elsewhere');
    expect(await namesIn(app, `/api/tools?search=renamed`)).toContain('Renamed Elsewhere');
  });

  it('when tools are added here or elsewhere, then X-Total-Count follows at once, cache on or off', async () => {
    const uncached = createApp(testDeps(store, shopConfig('0')));
    const total = async (target: ShopApp, url: string) =>
      Number((await request(target).get(url).expect(200)).headers['x-total-count']);
    for (const target of [app, uncached]) {
      const before = await total(target, '/api/tools?search=counted');
      await store.tools.create(buildTool({ name: 'Counted Saw' }));
      expect(await total(target, '/api/tools?search=counted')).toBe(before + 1);
      const db = new Database(path.join(dir, 'shop.db'));
      try {
        db.prepare('DELETE FROM tools WHERE name = ?').run('Counted Saw');
      } finally {
        db.close();
      }
      expect(await total(target, '/api/tools?search=counted')).toBe(before);
    }
  });

  it('when CATALOGUE_CACHE_MS is 0, then every answer is read fresh', async () => {
    const uncached = createApp(testDeps(store, shopConfig('0')));
    await namesIn(uncached);
    renameElsewhere(tool._id, 'Fresh Every Time');
    expect(await namesIn(uncached)).toContain('Fresh Every Time');
  });

  it('when a customer orders, then the list and the tool page show the lower stock at once', async () => {
    const stockIn = async (url: string) => {
      const body = (await request(app).get(url).expect(200)).body;
      const found = Array.isArray(body) ? body.find((t: ToolRecord) => t._id === tool._id) : body;
      return (found as { availableQuantity: number }).availableQuantity;
    };
    expect(await stockIn('/api/tools')).toBe(500);
    expect(await stockIn(`/api/tool/${tool._id}`)).toBe(500);

    const order = await request(app)
      .post('/api/addOrderItem')
      .set('Authorization', customer.bearer)
      .send({ toolId: tool._id, quantity: 40, userPhone: '+1 555 0100', userAddress: '1 Road' })
      .expect(201);
    expect(await stockIn('/api/tools')).toBe(460);
    expect(await stockIn(`/api/tool/${tool._id}`)).toBe(460);

    await request(app)
      .delete(`/api/order/${order.body._id}`)
      .set('Authorization', customer.bearer)
      .expect(200);
    expect(await stockIn('/api/tools')).toBe(500);
    expect(await stockIn(`/api/tool/${tool._id}`)).toBe(500);
  });

  it('when a paid order is refunded before shipping, then the restocked quantity shows at once', async () => {
    const stockIn = async (url: string) => {
      const body = (await request(app).get(url).expect(200)).body;
      const found = Array.isArray(body) ? body.find((t: ToolRecord) => t._id === tool._id) : body;
      return (found as { availableQuantity: number }).availableQuantity;
    };
    const order = await request(app)
      .post('/api/addOrderItem')
      .set('Authorization', customer.bearer)
      .send({ toolId: tool._id, quantity: 40, userPhone: '+1 555 0100', userAddress: '1 Road' })
      .expect(201);
    await store.orders.markPaid(order.body._id, 'pi_test_refund_cache');
    expect(await stockIn('/api/tools')).toBe(460);
    expect(await stockIn(`/api/tool/${tool._id}`)).toBe(460);

    // The refund as the admin's refund and Stripe's webhook record it, on this instance's store.
    await store.orders.markRefunded(order.body._id, {
      refundId: 're_test_cache',
      now: new Date().toISOString(),
    });

    expect(await stockIn('/api/tools')).toBe(500);
    expect(await stockIn(`/api/tool/${tool._id}`)).toBe(500);
  });

  it('when an admin adds, edits and deletes tools, then visitors see each change at once', async () => {
    expect(await namesIn(app)).toContain('Cached Drill');
    await request(app)
      .put(`/api/tool/${tool._id}`)
      .set('Authorization', admin.bearer)
      .send({
        name: 'Edited Drill',
        img: tool.img,
        price: 12.5,
        description: tool.description,
        availableQuantity: 300,
        MinimumOrderQuantity: 10,
      })
      .expect(200);
    expect(await namesIn(app)).toContain('Edited Drill');
    expect((await request(app).get(`/api/tool/${tool._id}`).expect(200)).body.name).toBe(
      'Edited Drill',
    );

    await request(app)
      .delete(`/api/delete/${tool._id}`)
      .set('Authorization', admin.bearer)
      .expect(200);
    expect(await namesIn(app)).not.toContain('Edited Drill');
    await request(app).get(`/api/tool/${tool._id}`).expect(404);
  });

  it('when a browser revalidates with If-None-Match, then it still gets 304', async () => {
    const first = await request(app).get('/api/tools').expect(200);
    await request(app)
      .get('/api/tools')
      .set('If-None-Match', String(first.headers.etag))
      .expect(304);
  });

  it('when a cross-origin caller asks, then CORS headers are answered for its origin', async () => {
    const cors = createApp(
      testDeps(store, shopConfig('60000', { CORS_ORIGINS: 'https://a.example' })),
    );
    await request(cors).get('/api/tools').expect(200); // kept without CORS headers
    const res = await request(cors)
      .get('/api/tools')
      .set('Origin', 'https://a.example')
      .expect(200);
    expect(res.headers['access-control-allow-origin']).toBe('https://a.example');
    expect(res.headers['access-control-expose-headers']).toBe(
      'X-Total-Count,Idempotent-Replayed,X-Corrected-Query',
    );
  });

  it('when a search term is new, then it is answered from the store, not a neighbouring entry', async () => {
    expect(await namesIn(app, '/api/tools?search=cached')).toContain('Cached Drill');
    expect(await namesIn(app, '/api/tools?search=nothing-like-it')).toEqual([]);
  });
});
