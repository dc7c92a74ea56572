import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApp, type ShopApp } from '../../app.js';
import { loadConfig } from '../../config.js';
import type { Store } from '../../store/store.js';
import { buildTool } from '../../test/factories.js';
import { PROD_ENV } from '../../test/prod-env.js';
import { signInToShop, testDeps, type ShopSession } from '../../test/sign-in.js';
import { createTestStore } from '../../test/test-store.js';
import { createTestClock } from './index.js';

let store: Store;
let cleanup: () => Promise<void>;
let app: ShopApp;
let plainApp: ShopApp;
let admin: ShopSession;
let buyer: ShopSession;

beforeAll(async () => {
  ({ store, cleanup } = await createTestStore());
  const deps = testDeps(store, loadConfig({ ...process.env, RESERVATION_MINUTES: '60' }));
  app = createApp({ ...deps, testClock: createTestClock() });
  plainApp = createApp(deps);
  [admin, buyer] = await Promise.all([
    signInToShop(app, store, { displayName: 'Ada Admin', admin: true }),
    signInToShop(app, store, { displayName: 'Bo Buyer' }),
  ]);
});
afterAll(() => cleanup());

const advance = (who: ShopSession | undefined, body: unknown) => {
  const call = request(app)
    .post('/api/test/clock')
    .send(body as object);
  return who ? call.set('Authorization', who.bearer) : call;
};

describe('the test clock (TEST_CLOCK)', () => {
  it('when an admin moves it past a reservation, then the order reads as expired and its stock is back', async () => {
    const tool = await store.tools.create(
      buildTool({ priceCents: 500, availableQuantity: 40, minimumOrderQuantity: 5 }),
    );
    const placed = await request(app)
      .post('/api/addOrderItem')
      .set('Authorization', buyer.bearer)
      .send({
        toolId: tool._id,
        quantity: 10,
        userPhone: '+1 555 0100',
        userAddress: '4 Clock Lane',
      })
      .expect(201);
    expect((await store.tools.get(tool._id))?.availableQuantity).toBe(30);

    const moved = await advance(admin, { minutes: 61 }).expect(200);

    expect(moved.body.aheadMinutes).toBe(61);
    expect(Date.parse(moved.body.now) - Date.now()).toBeGreaterThan(60 * 60_000);
    const order = await request(app)
      .get(`/api/order/${placed.body._id}`)
      .set('Authorization', buyer.bearer)
      .expect(200);
    expect(order.body.status).toBe('expired');
    expect((await store.tools.get(tool._id))?.availableQuantity).toBe(40);
  });

  it('when a new order is placed after the move, then its reservation runs from the moved clock', async () => {
    const tool = await store.tools.create(
      buildTool({ availableQuantity: 40, minimumOrderQuantity: 1 }),
    );
    const before = (await advance(admin, { minutes: 1 }).expect(200)).body as { now: string };
    const placed = await request(app)
      .post('/api/addOrderItem')
      .set('Authorization', buyer.bearer)
      .send({
        toolId: tool._id,
        quantity: 1,
        userPhone: '+1 555 0100',
        userAddress: '4 Clock Lane',
      })
      .expect(201);
    const reservation = Date.parse(placed.body.expiresAt) - Date.parse(before.now);
    expect(reservation).toBeGreaterThanOrEqual(60 * 60_000);
    expect(reservation).toBeLessThan(61 * 60_000);
  });

  it('when someone other than an admin asks, then 401 or 403 and the clock stays', async () => {
    const ahead = (await advance(admin, { minutes: 1 }).expect(200)).body.aheadMinutes as number;
    await advance(undefined, { minutes: 5 }).expect(401);
    const refused = await advance(buyer, { minutes: 5 }).expect(403);
    expect(refused.body.error.code).toBe('FORBIDDEN');
    expect((await advance(admin, { minutes: 1 }).expect(200)).body.aheadMinutes).toBe(ahead + 1);
  });

  it.each([
    {},
    { minutes: 0 },
    { minutes: -5 },
    { minutes: 1.5 },
    { minutes: '60' },
    { minutes: 10081 },
  ])('when the body is %j, then 400 with a message and the clock stays', async (body) => {
    const ahead = (await advance(admin, { minutes: 1 }).expect(200)).body.aheadMinutes as number;
    const res = await advance(admin, body).expect(400);
    expect(res.body.error).toMatchObject({
      code: 'VALIDATION_ERROR',
      message: expect.stringContaining('minutes must be a whole number from 1 to 10080'),
    });
    expect((await advance(admin, { minutes: 1 }).expect(200)).body.aheadMinutes).toBe(ahead + 1);
  });

  it('when the app runs without TEST_CLOCK, then the route does not exist', async () => {
    await request(plainApp)
      .post('/api/test/clock')
      .set('Authorization', admin.bearer)
      .send({ minutes: 5 })
      .expect(404);
  });

  it('when production is configured with TEST_CLOCK, then the server refuses to start, saying why', () => {
    expect(() => loadConfig({ ...PROD_ENV, TEST_CLOCK: 'true' })).toThrow(
      /TEST_CLOCK must not be set in production/,
    );
    expect(loadConfig({ ...PROD_ENV }).testClock).toBe(false);
  });
});
