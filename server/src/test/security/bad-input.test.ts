import http from 'node:http';
import path from 'node:path';
import fc from 'fast-check';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApp } from '../../app.js';
import { loadConfig } from '../../config.js';
import { listRoutes } from '../../lib/list-routes.js';
import { ErrorBodySchema } from '@toolworks/contract/errors';
import { paymentsApp, stripeConfig, STRIPE_WEBHOOK_SECRET } from '../payments-fixtures.js';
import type { Store } from '../../store/store.js';
import {
  buildOrderInput,
  buildReview,
  buildTool,
  buildPayOnInvoice,
  storeReview,
} from '../factories.js';
import { startFakeStripe, type FakeStripe } from '../fake-stripe.js';
import { signInToShop, testDeps, type ShopSession } from '../sign-in.js';
import { snapshotSqliteFile } from '../store-snapshot.js';
import { createTestStore } from '../test-store.js';
import { badBody, badParam, badQuery, type BadRequest } from './bad-input-requests.js';
import { ROUTES, type Credentials, type Fixture, type RouteSpec } from './bad-input-routes.js';
import { badTransport } from './bad-input-transport.js';
import { badWebhook } from './bad-input-webhook.js';
import { tradeAccountFixture } from './bad-input-company-fixture.js';

/*
 * Generated malformed requests against every API route, signed in where the route needs it so
 * they reach validation. Every answer must be a 4xx with the error body, and the store must be
 * byte for byte what it was before the first of them.
 */

const RUNS_PER_ROUTE = Number(process.env.BAD_INPUT_RUNS ?? 80);
const BAD_PATH_RUNS = 150;
const MINIMUM_REQUESTS = 2000;

let store: Store;
let cleanup: () => Promise<void>;
let dbFile: string;
let fakeStripe: FakeStripe;
const servers: http.Server[] = [];
let shop: http.Server;
let stripeShop: http.Server;
let customer: ShopSession;
let admin: ShopSession;
let fixture: Fixture;
let before: string;
let sent = 0;
/** How the malformed requests were answered (`400 VALIDATION_ERROR`: 812...), for the log. */
const answers = new Map<string, number>();

const listen = (app: http.RequestListener) =>
  new Promise<http.Server>((resolve) => {
    const server = http.createServer(app).listen(0, '127.0.0.1', () => resolve(server));
    servers.push(server);
  });

const config = loadConfig({
  ...process.env,
  AUTH_RATE_LIMIT_PER_MINUTE: '100000',
  ORDER_RATE_LIMIT_PER_MINUTE: '100000',
  REVIEW_RATE_LIMIT_PER_MINUTE: '100000',
});
const shopApp = () => createApp(testDeps(store, config));
const stripeApp = () =>
  paymentsApp(store, {
    ...stripeConfig(fakeStripe.host, fakeStripe.secretKey),
    rateLimits: config.rateLimits,
  }).app;

beforeAll(async () => {
  let dir: string;
  ({ store, cleanup, dir } = await createTestStore());
  dbFile = path.join(dir, 'shop.db');
  fakeStripe = await startFakeStripe();
  const app = shopApp();
  shop = await listen(app);
  stripeShop = await listen(stripeApp());
  customer = await signInToShop(app, store, { displayName: 'Casey Customer' });
  admin = await signInToShop(app, store, { displayName: 'Ada Admin', admin: true });

  const tool = await store.tools.create(
    buildTool({ minimumOrderQuantity: 10, availableQuantity: 500 }),
  );
  const place = async (email: string) => {
    const result = await store.orders.place(
      buildOrderInput(tool._id, { userEmail: email, quantity: 10 }),
    );
    if (!result.ok) throw new Error(result.reason);
    return result.order._id;
  };
  const orderId = await place(customer.email);
  const paidOrderId = await place(customer.email);
  await store.orders.markPaid(paidOrderId, 'pi_test_paid_fixture');
  // A checkout body that got past validation would be priced against this line.
  await store.carts.set(customer.email, tool._id, 10, new Date().toISOString());
  const review = await storeReview(store, buildReview({ authorEmail: customer.email }));
  const quote = await store.quotes.create({
    items: [{ toolId: tool._id, name: tool.name, quantity: 20, listUnitPriceCents: 2500 }],
    userName: 'Casey Customer',
    userEmail: customer.email,
    userPhone: '+1 555 0100',
    userAddress: '1 Mill Road, Leeds',
    message: '',
  });
  const list = await store.savedLists.create(
    { ownerEmail: customer.email, name: 'Fuzzed list', now: new Date().toISOString() },
    { maxLists: 50 },
  );
  if (typeof list === 'string') throw new Error(list);
  await store.savedLists.addLine(
    list._id,
    customer.email,
    { toolId: tool._id, name: tool.name, quantity: 10 },
    new Date().toISOString(),
    { maxLines: 500, maxQuantity: 1_000_000 },
  );
  const companies = await tradeAccountFixture(store, customer.email);
  const byInvoice = await store.orders.place(
    buildOrderInput(tool._id, {
      userEmail: customer.email,
      quantity: 10,
      payOnInvoice: buildPayOnInvoice(companies.companyId),
    }),
  );
  if (!byInvoice.ok) throw new Error(byInvoice.reason);
  const invoiceNumber = (await store.invoices.get(byInvoice.order._id))?.number ?? '';
  fixture = {
    ...companies,
    invoiceNumber,
    invoiceOrderId: byInvoice.order._id,
    toolId: tool._id,
    toolSku: tool.sku,
    orderId,
    paidOrderId,
    customerEmail: customer.email,
    reviewId: review._id,
    quoteId: quote._id,
    listId: list._id,
  };
  before = snapshotSqliteFile(dbFile);
});

afterAll(async () => {
  await Promise.all(servers.map((s) => new Promise((resolve) => s.close(resolve))));
  await fakeStripe.close();
  await cleanup();
});

function authorization(credentials: Credentials): string | undefined {
  if (credentials === 'customer') return customer.bearer;
  if (credentials === 'admin') return admin.bearer;
  if (credentials === 'firebase') return `Bearer ${customer.idToken}`;
  return undefined;
}

const describeRequest = (r: BadRequest) =>
  `${r.method.toUpperCase()} ${r.url.slice(0, 200)} [${r.kind}] ${JSON.stringify(r.headers)} ` +
  `${r.body ? r.body.subarray(0, 200).toString('latin1') : ''}`;

async function send(server: http.Server, r: BadRequest, credentials: Credentials) {
  let req = request(server)[r.method](r.url);
  for (const [name, value] of Object.entries(r.headers)) req = req.set(name, value);
  const bearer = authorization(credentials);
  if (bearer) req = req.set('Authorization', bearer);
  // The identity serializer: superagent would otherwise JSON-encode a Buffer sent as JSON.
  const res = await (r.body
    ? req.serialize((bytes: unknown) => bytes as string).send(r.body)
    : req);
  sent += 1;
  const answer = `${res.status} ${(res.body as { error?: { code?: string } }).error?.code ?? '-'}`;
  answers.set(answer, (answers.get(answer) ?? 0) + 1);
  return res;
}

/** A 4xx JSON error body, never a 5xx, never a success. */
function expectRefused(res: request.Response, r: BadRequest) {
  const what = `${res.status} for ${describeRequest(r)}: ${res.text.slice(0, 300)}`;
  expect(res.status, what).toBeGreaterThanOrEqual(400);
  expect(res.status, what).toBeLessThan(500);
  expect(String(res.headers['content-type']), what).toMatch(/^application\/json/);
  expect(ErrorBodySchema.safeParse(res.body).success, what).toBe(true);
}

function modes(route: RouteSpec): fc.Arbitrary<BadRequest>[] {
  if (route.credentials === 'stripe') {
    return [badWebhook(STRIPE_WEBHOOK_SECRET), badTransport(route, fixture)];
  }
  return [
    badTransport(route, fixture),
    ...(route.params ? [badParam(route, fixture)] : []),
    ...(route.query ? [badQuery(route, fixture)] : []),
    ...(route.body ? [badBody(route, fixture)] : []),
  ];
}

describe('malformed requests to every API route', () => {
  it('when the app is built, then every route it mounts is in the fuzzed list', () => {
    const mounted = new Set([...listRoutes(shopApp()), ...listRoutes(stripeApp())]);
    const fuzzed = new Set(ROUTES.map((r) => `${r.method.toUpperCase()} /api${r.path}`));
    expect([...mounted].sort()).toEqual([...fuzzed].sort());
  });

  describe.each(
    ROUTES.map((route) => [`${route.method.toUpperCase()} /api${route.path}`, route] as const),
  )('%s', (_name, route) => {
    it('when a request is malformed, then 4xx with the error body', async () => {
      const server = route.credentials === 'stripe' ? stripeShop : shop;
      await fc.assert(
        fc.asyncProperty(fc.oneof(...modes(route)), async (r) => {
          expectRefused(await send(server, r, route.credentials), r);
        }),
        { numRuns: RUNS_PER_ROUTE },
      );
    });
  });

  it('when a path or method matches no route, then the JSON 404', async () => {
    const segment = fc.stringMatching(/^[A-Za-z0-9._~-]{1,20}$/);
    const badPath = fc.oneof(
      fc.array(segment, { minLength: 1, maxLength: 4 }).map((s) => `/api/zz-${s.join('/')}`),
      fc.constantFrom(
        '/api/tools/extra/segments',
        '/api/order/0123456789abcdef01234567/ship/now',
        '/api/',
      ),
    );
    const wrongMethod = fc.constantFrom(
      ['post', '/api/tools'],
      ['put', '/api/allReviews'],
      ['delete', '/api/health'],
      ['patch', '/api/users'],
      ['post', '/api/stats/overview'],
      ['get', '/api/addOrderItem'],
      ['get', '/api/webhooks/stripe'],
    ) as fc.Arbitrary<[BadRequest['method'], string]>;
    const requests = fc.oneof(
      fc.tuple(
        fc.constantFrom<BadRequest['method']>('get', 'post', 'put', 'patch', 'delete'),
        badPath,
      ),
      wrongMethod,
    );
    await fc.assert(
      fc.asyncProperty(requests, async ([method, url]) => {
        const r: BadRequest = { method, url, headers: {}, kind: 'no such route' };
        const res = await send(shop, r, 'admin');
        expectRefused(res, r);
        expect(res.status, describeRequest(r)).toBe(404);
        expect(res.body.error.code).toBe('NOT_FOUND');
      }),
      { numRuns: BAD_PATH_RUNS },
    );
  });

  it('when every malformed request has been answered, then the store is byte for byte unchanged', () => {
    console.info(
      `bad-input: ${sent} malformed requests sent`,
      Object.fromEntries([...answers].sort()),
    );
    expect(sent).toBeGreaterThanOrEqual(MINIMUM_REQUESTS);
    const after = snapshotSqliteFile(dbFile);
    expect(JSON.parse(after)).toEqual(JSON.parse(before));
    expect(after === before).toBe(true);
  });
});
