import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApp } from '../../app.js';
import { loadConfig } from '../../config.js';
import type { Store } from '../../store/store.js';
import { buildTool } from '../../test/factories.js';
import { createTestStore } from '../../test/test-store.js';
import { signInToShop, testDeps, type ShopSession } from '../../test/sign-in.js';

// Real sockets rather than supertest's per-request servers, so the requests truly overlap.
let store: Store;
let cleanup: () => Promise<void>;
let server: http.Server;
let baseUrl: string;
let buyers: ShopSession[];

beforeAll(async () => {
  ({ store, cleanup } = await createTestStore());
  const config = loadConfig({
    ...process.env,
    AUTH_RATE_LIMIT_PER_MINUTE: '100000',
    ORDER_RATE_LIMIT_PER_MINUTE: '100000',
    MAX_UNPAID_ORDERS: '1000',
  });
  const app = createApp(testDeps(store, config));
  buyers = await Promise.all(Array.from({ length: 4 }, () => signInToShop(app, store)));
  server = http.createServer(app);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(async () => {
  await new Promise((resolve) => server.close(resolve));
  await cleanup();
});

async function order(buyer: ShopSession, toolId: string, quantity: number) {
  const res = await fetch(`${baseUrl}/api/addOrderItem`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: buyer.bearer },
    body: JSON.stringify({ toolId, quantity, userPhone: '555 0100', userAddress: '1 Race Street' }),
  });
  return {
    status: res.status,
    body: (await res.json()) as { quantity?: number; error?: { code: string } },
  };
}

const race = (toolId: string, quantities: number[]) =>
  Promise.all(quantities.map((q, i) => order(buyers[i % buyers.length]!, toolId, q)));

describe('POST /api/addOrderItem under concurrency', () => {
  it('when 40 buyers race for a stock of 100 in tens, then exactly 10 win and the 30 losers get 409', async () => {
    const tool = await store.tools.create(
      buildTool({ availableQuantity: 100, minimumOrderQuantity: 10 }),
    );

    const results = await race(
      tool._id,
      Array.from({ length: 40 }, () => 10),
    );

    expect(results.filter((r) => r.status === 201)).toHaveLength(10);
    const losers = results.filter((r) => r.status !== 201);
    expect(losers).toHaveLength(30);
    expect(new Set(losers.map((r) => `${r.status} ${r.body.error?.code}`))).toEqual(
      new Set(['409 OUT_OF_STOCK']),
    );
    expect((await store.tools.get(tool._id))?.availableQuantity).toBe(0);
  });

  it('when 60 orders of mixed sizes race, then the stock never goes below 0 and it adds up exactly', async () => {
    const start = 500;
    const tool = await store.tools.create(
      buildTool({ availableQuantity: start, minimumOrderQuantity: 5 }),
    );
    const quantities = Array.from({ length: 60 }, (_, i) => 5 + ((i * 7) % 23));

    const results = await race(tool._id, quantities);

    expect(results.every((r) => [201, 400, 409].includes(r.status))).toBe(true);
    const sold = results
      .filter((r) => r.status === 201)
      .reduce((sum, r) => sum + (r.body.quantity ?? 0), 0);
    const final = (await store.tools.get(tool._id))?.availableQuantity ?? -1;
    expect(final).toBeGreaterThanOrEqual(0);
    expect(sold).toBe(start - final);
    expect(sold).toBeGreaterThan(start - 28);
    const stored = (await store.orders.list({ offset: 0, limit: 1000 })).items.filter(
      (o) => o.toolId === tool._id,
    );
    expect(stored.reduce((sum, o) => sum + o.quantity, 0)).toBe(sold);
  });
});
