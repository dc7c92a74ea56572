import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signAccessToken } from '../../auth/index.js';
import { openStore } from '../../store/index.js';
import type { ToolRecord } from '../../store/store.js';
import {
  JWT_SECRET,
  startChildServer,
  stopChildServer,
  type ChildServer,
} from '../durability/child-server.js';
import { orderBody, prepareShop, readShop, type ShopFixture } from '../durability/shop-fixture.js';

/**
 * Three shop processes on one SQLite file, as three instances behind a load balancer would be:
 * whatever one of them does, the others must honour on the very next request.
 */

const AUTH_LIMIT = 5;
const HOT_STOCK = 25;
let shop: ShopFixture;
let servers: ChildServer[] = [];
let adminBearer: string;
let hot: ToolRecord;
let priced: ToolRecord;

const at = (i: number) => servers[i % servers.length] as ChildServer;

async function call(
  server: ChildServer,
  method: string,
  path: string,
  options: { bearer?: string; body?: unknown } = {},
  // The answers are JSON of several shapes; the assertions below check them.
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
): Promise<{ status: number; body: any }> {
  const res = await fetch(`${server.baseUrl}${path}`, {
    method,
    headers: {
      ...(options.body === undefined ? {} : { 'content-type': 'application/json' }),
      ...(options.bearer ? { authorization: options.bearer } : {}),
    },
    body:
      options.body === undefined
        ? undefined
        : typeof options.body === 'string'
          ? options.body
          : JSON.stringify(options.body),
  });
  const text = await res.text();
  return { status: res.status, body: text ? JSON.parse(text) : null };
}

beforeAll(async () => {
  shop = await prepareShop([HOT_STOCK, 1000], 12);
  [hot, priced] = shop.tools as [ToolRecord, ToolRecord];
  const store = await openStore({ dataDir: shop.dataDir, mongo: undefined });
  try {
    await store.users.upsert('multi-admin@example.com', 'Multi Admin');
    await store.users.makeAdmin('multi-admin@example.com');
  } finally {
    await store.close();
  }
  const jwt = { jwt: { secret: JWT_SECRET, ttlSeconds: 3600 } };
  adminBearer = `Bearer ${signAccessToken('multi-admin@example.com', jwt)}`;
  const env = {
    AUTH_RATE_LIMIT_PER_MINUTE: String(AUTH_LIMIT),
    CATALOGUE_CACHE_MS: '60000',
  };
  // One after the other: the first applies the migrations, the others find them applied.
  for (let i = 0; i < 3; i++) servers.push(await startChildServer(shop.dataDir, 30_000, env));
}, 120_000);

afterAll(async () => {
  await Promise.all(servers.map((server) => stopChildServer(server)));
  servers = [];
  await shop?.cleanup();
});

describe('three instances on one SQLite file', () => {
  it('when buyers spread over all three order more than the stock, then exactly the stock is sold', async () => {
    const answers = await Promise.all(
      Array.from({ length: 60 }, (_, i) =>
        call(at(i), 'POST', '/api/addOrderItem', {
          bearer: shop.buyers[i % shop.buyers.length]?.bearer,
          body: orderBody(hot._id, 1),
        }),
      ),
    );
    const statuses = answers.map((a) => `${a.status} ${a.body?.error?.code ?? ''}`.trim());
    expect(statuses.filter((s) => s === '201')).toHaveLength(HOT_STOCK);
    expect(new Set(statuses.filter((s) => s !== '201'))).toEqual(new Set(['409 OUT_OF_STOCK']));
    for (const server of servers) {
      expect((await call(server, 'GET', `/api/tool/${hot._id}`)).body.availableQuantity).toBe(0);
    }
  });

  it('when an admin changes a price on one, then the others serve it on the next request (cache on)', async () => {
    for (const server of servers) {
      await call(server, 'GET', `/api/tool/${priced._id}`); // kept in each one's cache
      expect((await call(server, 'GET', `/api/tool/${priced._id}`)).body.price).toBe(
        priced.priceCents / 100,
      );
    }
    const edit = await call(at(0), 'PUT', `/api/tool/${priced._id}`, {
      bearer: adminBearer,
      body: {
        name: priced.name,
        img: priced.img,
        price: 77.5,
        description: priced.description,
        availableQuantity: priced.availableQuantity,
        MinimumOrderQuantity: priced.minimumOrderQuantity,
      },
    });
    expect(edit.status).toBe(200);
    for (const server of servers) {
      expect((await call(server, 'GET', `/api/tool/${priced._id}`)).body.price).toBe(77.5);
      const list = (await call(server, 'GET', '/api/tools')).body as {
        _id: string;
        price: number;
      }[];
      expect(list.find((t) => t._id === priced._id)?.price).toBe(77.5);
    }
  });

  it('when sign-ins spread over all three, then the limit counts them together', async () => {
    const statuses: number[] = [];
    for (let i = 0; i < AUTH_LIMIT + 3; i++) {
      statuses.push(
        (await call(at(i), 'PUT', '/api/user/nobody@example.com', { body: {} })).status,
      );
    }
    expect(statuses.slice(0, AUTH_LIMIT)).not.toContain(429);
    expect(statuses.slice(AUTH_LIMIT)).toEqual([429, 429, 429]);
  });

  it('when a test payment is started on one, then it confirms on another and the third sees it paid', async () => {
    const buyer = shop.buyers[0]!;
    const placed = await call(at(0), 'POST', '/api/addOrderItem', {
      bearer: buyer.bearer,
      body: orderBody(priced._id, 2),
    });
    expect(placed.status).toBe(201);
    const orderId = placed.body._id as string;
    const intent = await call(at(0), 'POST', '/api/create-payment-intent', {
      bearer: buyer.bearer,
      body: { orderId },
    });
    expect(intent.status).toBe(200);
    const confirmed = await call(at(1), 'POST', '/api/payments/test/confirm', {
      bearer: buyer.bearer,
      body: {
        clientSecret: intent.body.clientSecret,
        cardNumber: '4242 4242 4242 4242',
        expMonth: 12,
        expYear: 2040,
        cvc: '123',
      },
    });
    expect(confirmed.status).toBe(200);
    const seen = await call(at(2), 'GET', `/api/order/${orderId}`, { bearer: buyer.bearer });
    expect(seen.body).toMatchObject({ isPaid: true });
    expect(seen.body.transactionId).toBe(String(intent.body.clientSecret).split('_secret_')[0]);
  });

  it('when the instances are stopped, then the file holds exactly what they answered', async () => {
    await Promise.all(servers.map((server) => stopChildServer(server)));
    const { stock, orders } = await readShop(shop.dataDir);
    expect(stock.get(hot._id)).toBe(0);
    expect(orders.filter((o) => o.toolId === hot._id)).toHaveLength(HOT_STOCK);
  });
});
