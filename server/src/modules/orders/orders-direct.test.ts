import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createApp, type ShopApp } from '../../app.js';
import { signAccessToken } from '../../auth/index.js';
import { loadConfig, type Config } from '../../config.js';
import type { Store, ToolRecord } from '../../store/store.js';
import { buildTool } from '../../test/factories.js';
import { testDeps, uniqueEmail } from '../../test/sign-in.js';
import { createTestStore } from '../../test/test-store.js';
import { PROD_ENV } from '../../test/prod-env.js';

/**
 * The shop's listener places orders itself, without Express (lib/direct-post.ts). A client must
 * not be able to tell: each request goes once through the listener and once to the Express app
 * alone (`app.express`), and the two answers must match, headers included.
 */

let store: Store;
let cleanup: () => Promise<void>;
let tool: ToolRecord;
let soldOut: ToolRecord;

beforeAll(async () => {
  ({ store, cleanup } = await createTestStore());
  tool = await store.tools.create(
    buildTool({
      name: 'Direct Drill',
      priceCents: 1250,
      availableQuantity: 100_000,
      minimumOrderQuantity: 1,
    }),
  );
  soldOut = await store.tools.create(
    buildTool({ name: 'Gone Saw', availableQuantity: 0, minimumOrderQuantity: 1 }),
  );
});
afterAll(() => cleanup());

const env = { AUTH_RATE_LIMIT_PER_MINUTE: '100000', MAX_UNPAID_ORDERS: '1000' };
const configs: Record<string, Config> = {
  'in tests': loadConfig({ ...process.env, ...env, ORDER_RATE_LIMIT_PER_MINUTE: '1000' }),
  'in production': loadConfig({ ...PROD_ENV, ...env, ORDER_RATE_LIMIT_PER_MINUTE: '1000' }),
  'with CORS origins': loadConfig({
    ...PROD_ENV,
    ...env,
    ORDER_RATE_LIMIT_PER_MINUTE: '1000',
    CORS_ORIGINS: 'https://shop.example',
  }),
};

/** A shop on the test store, and the Authorization header of a new buyer of it. */
async function shopWithBuyer(config: Config): Promise<{ app: ShopApp; bearer: string }> {
  const email = uniqueEmail('direct');
  await store.users.upsert(email, 'Direct Buyer');
  return {
    app: createApp(testDeps(store, config)),
    bearer: `Bearer ${signAccessToken(email, config)}`,
  };
}

const order = (overrides: Record<string, unknown> = {}) =>
  JSON.stringify({
    toolId: tool._id,
    quantity: 2,
    userPhone: '+1 555 0100',
    userAddress: '1 Direct Road, Leeds',
    ...overrides,
  });

/** What differs between two placed orders (ids, numbers, times), and between two answers (date). */
function comparable(res: request.Response) {
  const {
    date: _date,
    connection: _connection,
    'keep-alive': _keepAlive,
    etag,
    location,
    ratelimit,
    ...headers
  } = res.headers as Record<string, string>;
  const placed = res.status === 201;
  const body = placed
    ? { ...res.body, _id: 'id', number: 'number', createdAt: 'at', expiresAt: 'until' }
    : res.body;
  return {
    status: res.status,
    body,
    headers: {
      ...headers,
      // The count left goes down by one between the two requests.
      ...(ratelimit && { ratelimit: ratelimit.replace(/r=\d+/, 'r=n').replace(/t=\d+/, 't=n') }),
      ...(placed ? { location: location?.startsWith('/api/order/') } : { location, etag }),
    },
  };
}

interface Case {
  name: string;
  /** What both paths answer: the cases cover every answer the route gives. */
  status: number;
  body: string | Buffer;
  type?: string;
  headers?: Record<string, string>;
  /** Sent without an Authorization header, or with this one instead of the buyer's. */
  authorization?: string | null;
}

const cases = (): Case[] => [
  { status: 201, name: 'an order', body: order() },
  { status: 201, name: 'an order in UTF-8 with a byte order mark', body: `\ufeff${order()}` },
  { status: 201, name: 'charset=utf-8', body: order(), type: 'application/json; charset=UTF-8' },
  { status: 400, name: 'a body that is not JSON', body: '{"toolId": ' },
  {
    status: 400,
    name: 'bytes that are not UTF-8',
    body: Buffer.from([0x7b, 0x22, 0xff, 0x22, 0x7d]),
  },
  { status: 400, name: 'JSON that is not an object (strict)', body: '"toolId"' },
  { status: 400, name: 'a JSON array', body: '[]' },
  { status: 400, name: 'JSON null', body: 'null' },
  { status: 400, name: 'an empty object', body: '{}' },
  { status: 400, name: 'a quantity above the stock', body: order({ quantity: 1_000_000 }) },
  { status: 409, name: 'a sold-out tool', body: order({ toolId: soldOut._id }) },
  { status: 409, name: 'a price that changed', body: order({ expectedUnitPrice: 1 }) },
  { status: 404, name: 'an unknown tool', body: order({ toolId: '0123456789abcdef01234567' }) },
  { status: 401, name: 'a forged token', body: order(), authorization: 'Bearer not.a.token' },
  { status: 401, name: 'no token', body: order(), authorization: null },
  { status: 401, name: 'a Basic token', body: order(), authorization: 'Basic dXNlcjpwYXNz' },
  { status: 415, name: 'another charset', body: order(), type: 'application/json; charset=latin1' },
  { status: 415, name: 'a form', body: 'toolId=1', type: 'application/x-www-form-urlencoded' },
  {
    status: 201,
    name: 'an Origin header',
    body: order(),
    headers: { Origin: 'https://shop.example' },
  },
  {
    status: 201,
    name: 'an unknown Origin',
    body: order(),
    headers: { Origin: 'https://evil.example' },
  },
  { status: 413, name: 'a body over 100 kB', body: order({ userAddress: 'x'.repeat(110_000) }) },
];

function send(target: ShopApp | ShopApp['express'], bearer: string, c: Case) {
  let req = request(target)
    .post('/api/addOrderItem')
    .set('Content-Type', c.type ?? 'application/json');
  if (c.authorization !== null) req = req.set('Authorization', c.authorization ?? bearer);
  for (const [name, value] of Object.entries(c.headers ?? {})) req = req.set(name, value);
  return req.send(c.body);
}

describe('POST /api/addOrderItem answered by the listener', () => {
  for (const [label, config] of Object.entries(configs)) {
    it(`when ${label}, then every answer equals what Express alone sends`, async () => {
      const { app, bearer } = await shopWithBuyer(config);
      for (const c of cases()) {
        const direct = comparable(await send(app, bearer, c));
        const viaExpress = comparable(await send(app.express, bearer, c));
        expect({ case: c.name, ...direct }).toEqual({ case: c.name, ...viaExpress });
        expect({ case: c.name, status: direct.status }).toEqual({ case: c.name, status: c.status });
      }
    });
  }

  it('when an order is placed, then the listener answered it itself, not Express', async () => {
    const { app, bearer } = await shopWithBuyer(configs['in tests']!);
    // A setting only Express's res.json reads: the listener's own answer stays compact.
    app.express.set('json spaces', 2);
    const direct = await send(app, bearer, { status: 201, name: 'order', body: order() });
    const viaExpress = await send(app.express, bearer, {
      status: 201,
      name: 'order',
      body: order(),
    });
    expect(direct.status).toBe(201);
    expect(direct.text.includes('\n')).toBe(false);
    expect(viaExpress.text.includes('\n')).toBe(true);
    const stock = (await store.tools.get(tool._id))!.availableQuantity;
    expect(stock).toBeLessThan(tool.availableQuantity);
  });

  it('when the limit is reached, then both answer 429 alike, with the same headers', async () => {
    const { app, bearer } = await shopWithBuyer(
      loadConfig({ ...process.env, ...env, ORDER_RATE_LIMIT_PER_MINUTE: '2' }),
    );
    const statuses = [];
    for (let i = 0; i < 2; i++)
      statuses.push(
        (await send(app, bearer, { status: 201, name: 'order', body: order() })).status,
      );
    const direct = await send(app, bearer, { status: 201, name: 'order', body: order() });
    const viaExpress = await send(app.express, bearer, {
      status: 201,
      name: 'order',
      body: order(),
    });
    expect(statuses).toEqual([201, 201]);
    expect(direct.status).toBe(429);
    expect(direct.body).toEqual({
      error: {
        code: 'RATE_LIMITED',
        message: 'Too many requests; please wait a minute and try again',
      },
    });
    expect(direct.headers['retry-after']).toMatch(/^\d+$/);
    expect(direct.headers.ratelimit).toMatch(/^"2-in-1min"; r=0; t=\d+$/);
    expect(comparable(direct)).toEqual(comparable(viaExpress));
  });

  it('when behind a trusted proxy, then each forwarded client address is counted apart', async () => {
    const { app, bearer } = await shopWithBuyer(
      loadConfig({
        ...process.env,
        ...env,
        ORDER_RATE_LIMIT_PER_MINUTE: '1',
        TRUST_PROXY: 'loopback',
      }),
    );
    const from = (target: ShopApp | ShopApp['express'], address: string) =>
      send(target, bearer, {
        status: 201,
        name: 'order',
        body: order(),
        headers: { 'X-Forwarded-For': address },
      }).then((res) => res.status);
    expect(await from(app, '203.0.113.7')).toBe(201);
    expect(await from(app, '203.0.113.8')).toBe(201);
    // The same client through Express: one count, wherever the request was answered.
    expect(await from(app.express, '203.0.113.7')).toBe(429);
    expect(await from(app, '203.0.113.8')).toBe(429);
  });

  it('when the store fails unexpectedly, then both answer the generic 500, cause unsaid', async () => {
    const { app, bearer } = await shopWithBuyer(configs['in tests']!);
    const failure = vi.spyOn(store.orders, 'place').mockRejectedValue(new Error('disk on fire'));
    try {
      const direct = await send(app, bearer, { status: 201, name: 'order', body: order() });
      const viaExpress = await send(app.express, bearer, {
        status: 201,
        name: 'order',
        body: order(),
      });
      expect(direct.status).toBe(500);
      expect(direct.body.error.code).toBe('INTERNAL');
      expect(JSON.stringify(direct.body)).not.toContain('disk on fire');
      expect(comparable(direct)).toEqual(comparable(viaExpress));
    } finally {
      failure.mockRestore();
    }
  });
});
