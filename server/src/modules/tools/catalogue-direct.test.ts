import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApp, type ShopApp } from '../../app.js';
import { loadConfig } from '../../config.js';
import type { Store, ToolRecord } from '../../store/store.js';
import { buildTool } from '../../test/factories.js';
import { testDeps } from '../../test/sign-in.js';
import { createTestStore } from '../../test/test-store.js';
import { PROD_ENV } from '../../test/prod-env.js';

/**
 * The shop's listener answers plain catalogue GETs itself, without Express (lib/direct-routes.ts).
 * A visitor must not be able to tell: each answer is compared with the one the Express app alone
 * (`app.express`) gives for the same request.
 */

let store: Store;
let cleanup: () => Promise<void>;
let tool: ToolRecord;

const shops: Record<string, () => ShopApp> = {
  'in tests, cache off': () =>
    createApp(testDeps(store, loadConfig({ ...process.env, CATALOGUE_CACHE_MS: '0' }))),
  'in production, cache on': () => createApp(testDeps(store, loadConfig(PROD_ENV))),
  'with CORS origins, cache off': () =>
    createApp(
      testDeps(
        store,
        loadConfig({ ...PROD_ENV, CORS_ORIGINS: 'https://shop.example', CATALOGUE_CACHE_MS: '0' }),
      ),
    ),
};

beforeAll(async () => {
  ({ store, cleanup } = await createTestStore());
  tool = await store.tools.create(
    buildTool({
      name: 'Direct Drill "Pro" \u00e9\u2028',
      specs: [{ name: 'Torque', value: '60 Nm' }],
      priceTiers: [{ minQuantity: 50, priceCents: 1999 }],
      datasheetUrl: 'https://example.com/sheet.pdf',
    }),
  );
  await store.tools.insertMany([
    buildTool({ name: 'Direct Saw', priceCents: 1250, availableQuantity: 0 }),
    buildTool({ name: 'Direct Vise', priceCents: 700, category: 'hand-tools' }),
  ]);
});
afterAll(() => cleanup());

const withoutConnectionHeaders = (headers: Record<string, string>) => {
  const { date: _date, connection: _connection, 'keep-alive': _keepAlive, ...rest } = headers;
  return rest;
};

const URLS = [
  '/api/tools',
  '/api/tools?limit=24',
  '/api/tools?search=direct&sort=price_asc&limit=2&page=2',
  '/api/tools?inStock=true&minPrice=5&maxPrice=20&category=hand-tools',
  '/api/tools?limit=0',
  '/api/tools?sort=cheapest',
  '/api/tools?search=a&search=b',
];

describe('GET /api/tools and /api/tool/{id} answered by the listener', () => {
  for (const [label, shop] of Object.entries(shops)) {
    it(`when ${label}, then every answer equals what Express alone sends`, async () => {
      const app = shop();
      const urls = [
        ...URLS,
        `/api/tool/${tool._id}`,
        `/api/tool/${tool._id.toUpperCase()}`,
        '/api/tool/0123456789abcdef01234567',
        '/api/tool/not-an-id',
      ];
      for (const url of urls) {
        const direct = await request(app).get(url);
        const viaExpress = await request(app.express).get(url);
        expect({ url, status: direct.status }).toEqual({ url, status: viaExpress.status });
        expect(direct.text).toBe(viaExpress.text);
        expect(withoutConnectionHeaders(direct.headers)).toEqual(
          withoutConnectionHeaders(viaExpress.headers),
        );
      }
    });
  }

  it('when Express answers different requests, then it sends the same headers: the direct answers can replay them as start-up constants', async () => {
    const app = shops['in production, cache on']!();
    const perBody = (headers: Record<string, string>) => {
      const { 'content-length': _length, etag: _etag, ...rest } = withoutConnectionHeaders(headers);
      return rest;
    };
    const first = await request(app.express).get('/api/tools?limit=1');
    const second = await request(app.express)
      .get('/api/tools?sort=name&limit=2')
      .set('Accept-Language', 'de')
      .set('User-Agent', 'another-client/2.0')
      .set('X-Forwarded-For', '203.0.113.9');
    expect(first.status).toBe(200);
    expect(second.status).toBe(200);
    // A header that changes per request (a request id, a nonce) would fail here: the listener's
    // direct answers (lib/direct-routes.ts) could not send it.
    expect(perBody(second.headers)).toEqual(perBody(first.headers));
  });

  it('when the ETag of a direct answer comes back, then 304 Not Modified', async () => {
    const app = shops['in tests, cache off']!();
    const first = await request(app).get('/api/tools?limit=24').expect(200);
    expect(first.headers.etag).toMatch(/^W\//);
    await request(app)
      .get('/api/tools?limit=24')
      .set('If-None-Match', first.headers.etag as string)
      .expect(304);
  });

  it('when a listed tool changes (its stock here), then the page has another ETag, and the old one gets the new page', async () => {
    const app = shops['in tests, cache off']!();
    const vise = await store.tools.create(buildTool({ name: 'Etag Vise', availableQuantity: 40 }));
    const url = '/api/tools?search=etag%20vise';
    const first = await request(app).get(url).expect(200);
    expect(first.headers.etag).toBe((await request(app).get(url).expect(200)).headers.etag);

    await store.tools.update(vise._id, {
      ...buildTool({ name: 'Etag Vise' }),
      availableQuantity: 39,
    });

    const second = await request(app)
      .get(url)
      .set('If-None-Match', first.headers.etag as string)
      .expect(200);
    expect(second.body[0].availableQuantity).toBe(39);
    expect(second.headers.etag).not.toBe(first.headers.etag);
    // The length part is the body's, as Express's own ETags have it.
    expect(second.headers.etag).toMatch(
      new RegExp(`^W/"${Buffer.byteLength(second.text).toString(16)}-[A-Za-z0-9+/]{27}"$`),
    );
  });

  it('when a list is asked, then the tools carry dollars, specs, tiers and the datasheet as the contract says', async () => {
    const app = shops['in tests, cache off']!();
    const res = await request(app).get('/api/tools?search=direct%20drill').expect(200);
    expect(res.headers['x-total-count']).toBe('1');
    expect(res.body).toEqual([
      expect.objectContaining({
        _id: tool._id,
        name: 'Direct Drill "Pro" \u00e9\u2028',
        price: tool.priceCents / 100,
        specs: [{ name: 'Torque', value: '60 Nm' }],
        priceTiers: [{ minQuantity: 50, price: 19.99 }],
        datasheetUrl: 'https://example.com/sheet.pdf',
        rating: { average: 0, count: 0 },
      }),
    ]);
  });
});
