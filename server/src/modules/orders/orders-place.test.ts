import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApp, type ShopApp } from '../../app.js';
import { loadConfig } from '../../config.js';
import { ErrorBodySchema } from '@toolworks/contract/errors';
import { OrderSchema } from '@toolworks/contract/orders';
import type { Store } from '../../store/store.js';
import { buildTool } from '../../test/factories.js';
import { createTestStore } from '../../test/test-store.js';
import { signInToShop, testDeps, type ShopSession } from '../../test/sign-in.js';

let store: Store;
let cleanup: () => Promise<void>;
let app: ShopApp;
let alice: ShopSession;

// Every test orders from one address: the per-minute limit has its own test below.
const config = (orderLimit = '100000') =>
  loadConfig({
    ...process.env,
    AUTH_RATE_LIMIT_PER_MINUTE: '100000',
    ORDER_RATE_LIMIT_PER_MINUTE: orderLimit,
    MAX_UNPAID_ORDERS: '1000',
  });

beforeAll(async () => {
  ({ store, cleanup } = await createTestStore());
  app = createApp(testDeps(store, config()));
  alice = await signInToShop(app, store, { displayName: 'Alice Buyer' });
});
afterAll(() => cleanup());

const addTool = (overrides: Parameters<typeof buildTool>[0] = {}) =>
  store.tools.create(buildTool(overrides));
const stockOf = async (id: string) => (await store.tools.get(id))?.availableQuantity;

/** Everything the spec's purchase page posted, including the fields the server must ignore. */
const orderBody = (toolId: string, overrides: Record<string, unknown> = {}) => ({
  toolId,
  name: 'Whatever the client says',
  price: 0.01,
  quantity: 10,
  userName: 'Alice Buyer',
  userEmail: 'someone-else@example.com',
  userPhone: '+1 (555) 010-0100',
  userAddress: '12 Forge Lane, Sheffield',
  isPaid: true,
  iscancelled: true,
  ...overrides,
});

const place = (body: object, bearer: string | null = alice.bearer, on: ShopApp = app) => {
  const req = request(on).post('/api/addOrderItem');
  return (bearer ? req.set('Authorization', bearer) : req).send(body);
};

describe('POST /api/addOrderItem', () => {
  it("when a customer orders, then 201 with the server's price, the tool's name and the token's email", async () => {
    const tool = await addTool({
      name: 'Bench Vise',
      priceCents: 1999,
      availableQuantity: 100,
      minimumOrderQuantity: 5,
    });

    const res = await place(orderBody(tool._id, { quantity: 7 })).expect(201);

    const order = OrderSchema.parse(res.body);
    expect(order).toMatchObject({
      toolId: tool._id,
      name: 'Bench Vise',
      price: 139.93,
      quantity: 7,
      userName: 'Alice Buyer',
      userEmail: alice.email,
      userPhone: '+1 (555) 010-0100',
      userAddress: '12 Forge Lane, Sheffield',
      isPaid: false,
      iscancelled: false,
      shipped: false,
    });
    expect(order.transactionId).toBeUndefined();
    expect(res.headers.location).toBe(`/api/order/${order._id}`);
    expect(await stockOf(tool._id)).toBe(93);
    expect((await store.orders.get(order._id))?.priceCents).toBe(13993);
  });

  it('when a transaction id is sent with the order, then it is ignored too', async () => {
    const tool = await addTool();
    const res = await place(orderBody(tool._id, { transactionId: 'pi_forged' })).expect(201);
    expect(res.body.transactionId).toBeUndefined();
    expect((await store.orders.get(res.body._id))?.isPaid).toBe(false);
  });

  it("when no name is sent, then the signed-in user's name is used", async () => {
    const tool = await addTool();
    const res = await place(orderBody(tool._id, { userName: undefined })).expect(201);
    expect(res.body.userName).toBe('Alice Buyer');
  });

  it.each([
    ['below the minimum', 9, 'You have to purchase at least 10 products'],
    ['zero', 0, 'You have to purchase at least 10 products'],
    ['negative', -20, 'You have to purchase at least 10 products'],
    [
      'above the stock',
      41,
      'You have to purchase below our availableQuantity: at most 40 products are available',
    ],
  ])(
    'when the quantity is %s, then 400 naming the limit and no stock moves',
    async (_case, quantity, message) => {
      const tool = await addTool({ availableQuantity: 40, minimumOrderQuantity: 10 });

      const res = await place(orderBody(tool._id, { quantity })).expect(400);

      expect(ErrorBodySchema.parse(res.body).error).toEqual({
        code: 'VALIDATION_ERROR',
        message,
        details: [{ path: 'quantity', message }],
      });
      expect(await stockOf(tool._id)).toBe(40);
    },
  );

  it.each([
    ['a fraction', 10.5],
    ['a string', '12'],
    ['text', 'ten'],
    ['missing', undefined],
    ['null', null],
  ])(
    'when the quantity is %s, then 400 "Quantity must be a whole number"',
    async (_case, quantity) => {
      const tool = await addTool();
      const res = await place(orderBody(tool._id, { quantity })).expect(400);
      expect(res.body.error.details).toContainEqual({
        path: 'quantity',
        message: 'Quantity must be a whole number',
      });
      expect(await stockOf(tool._id)).toBe(500);
    },
  );

  it('when exactly the whole stock is ordered, then it sells out; then the next buyer gets 409 OUT_OF_STOCK', async () => {
    const tool = await addTool({
      name: 'Pipe Wrench',
      availableQuantity: 30,
      minimumOrderQuantity: 10,
    });
    await place(orderBody(tool._id, { quantity: 30 })).expect(201);
    expect(await stockOf(tool._id)).toBe(0);

    const res = await place(orderBody(tool._id, { quantity: 10 })).expect(409);
    expect(res.body.error).toEqual({
      code: 'OUT_OF_STOCK',
      message: 'Sorry, Pipe Wrench is out of stock right now',
    });
  });

  it.each([
    ['phone', { userPhone: '12345' }, 'userPhone'],
    ['phone', { userPhone: 'call me maybe' }, 'userPhone'],
    ['phone', { userPhone: '1'.repeat(31) }, 'userPhone'],
    ['address', { userAddress: '  ' }, 'userAddress'],
    ['address', { userAddress: 'x'.repeat(301) }, 'userAddress'],
    ['tool id', { toolId: 'not-an-id' }, 'toolId'],
  ])('when the %s is invalid, then 400 naming the field', async (_case, overrides, path) => {
    const tool = await addTool();
    const res = await place(orderBody(tool._id, overrides)).expect(400);
    expect(res.body.error.code).toBe('VALIDATION_ERROR');
    expect(res.body.error.details).toEqual([expect.objectContaining({ path })]);
  });

  it('when the tool does not exist, then 404', async () => {
    const res = await place(orderBody('a'.repeat(24))).expect(404);
    expect(res.body.error.code).toBe('NOT_FOUND');
  });

  it('when nobody is signed in, then 401 and nothing is reserved', async () => {
    const tool = await addTool();
    const res = await place(orderBody(tool._id), null).expect(401);
    expect(res.body.error.code).toBe('UNAUTHENTICATED');
    expect(await stockOf(tool._id)).toBe(500);
  });

  it('when one address orders past the per-minute limit, then 429 with the error body', async () => {
    const limited = createApp(testDeps(store, config('3')));
    const tool = await addTool();
    for (let i = 0; i < 3; i++) await place(orderBody(tool._id), alice.bearer, limited).expect(201);

    const res = await place(orderBody(tool._id), alice.bearer, limited).expect(429);

    expect(res.body.error.code).toBe('RATE_LIMITED');
    expect(await stockOf(tool._id)).toBe(470);
  });
});
