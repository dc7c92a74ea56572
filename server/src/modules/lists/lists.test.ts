import request from 'supertest';
import { describe, expect, it } from 'vitest';
import { AddCartLinesResultSchema } from '@toolworks/contract/cart';
import {
  MAX_LIST_LINES,
  MAX_LISTS_PER_USER,
  SavedListSchema,
  SavedListSummarySchema,
} from '@toolworks/contract/lists';
import type { ToolInput } from '../../store/store.js';
import { buildTool } from '../../test/factories.js';
import { signInToShop, type ShopSession } from '../../test/sign-in.js';
import { testConfig, useTestApp } from '../../test/test-app.js';

const shop = useTestApp(testConfig());

const buyer = () => signInToShop(shop.app, shop.store, { displayName: 'List Buyer' });
const addTool = (overrides: Partial<ToolInput> = {}) =>
  shop.store.tools.create(
    buildTool({ availableQuantity: 100, minimumOrderQuantity: 5, ...overrides }),
  );

type Method = 'get' | 'post' | 'patch' | 'delete';
const call = (who: ShopSession | null, method: Method, path: string, body?: object) => {
  const req = request(shop.app)[method](`/api${path}`);
  if (who) req.set('Authorization', who.bearer);
  return body ? req.send(body) : req;
};

async function newList(who: ShopSession, name = 'Van restock') {
  const res = await call(who, 'post', '/lists', { name }).expect(201);
  return SavedListSchema.parse(res.body);
}

async function listWithLine(who: ShopSession) {
  const list = await newList(who);
  const tool = await addTool({ name: 'Listed Drill', priceCents: 2500 });
  await call(who, 'post', `/lists/${list._id}/lines`, { toolId: tool._id, quantity: 10 }).expect(
    200,
  );
  return { list, tool };
}

describe('POST /api/lists and GET /api/lists', () => {
  it('when a buyer creates lists, then they see their own only, with line counts', async () => {
    const me = await buyer();
    const other = await buyer();
    const created = await call(me, 'post', '/lists', { name: '  Workshop consumables ' });
    expect(created.status).toBe(201);
    expect(created.headers.location).toBe(`/api/lists/${created.body._id}`);
    expect(created.body).toMatchObject({ name: 'Workshop consumables', lineCount: 0, lines: [] });
    await listWithLine(me);
    await newList(other, 'Not yours');
    const res = await call(me, 'get', '/lists').expect(200);
    expect(res.headers['cache-control']).toBe('private, no-store');
    const lists = SavedListSummarySchema.array().parse(res.body);
    expect(lists.map((l) => [l.name, l.lineCount])).toEqual([
      ['Van restock', 1],
      ['Workshop consumables', 0],
    ]);
  });

  it('when the name is taken in another case, then 409 and nothing is created', async () => {
    const me = await buyer();
    await newList(me, 'Van restock');
    const res = await call(me, 'post', '/lists', { name: 'VAN RESTOCK' }).expect(409);
    expect(res.body.error).toEqual({
      code: 'CONFLICT',
      message: 'You already have a list called "VAN RESTOCK"',
    });
    expect((await call(me, 'get', '/lists')).body).toHaveLength(1);
  });

  it.each([
    [{}, 'Enter a name for the list'],
    [{ name: '   ' }, 'Enter a name for the list'],
    [{ name: 'x'.repeat(81) }, 'List name must be 80 characters or shorter'],
    [{ name: 42 }, 'Enter a name for the list'],
  ])('when the body is %j, then 400 with "%s"', async (body, message) => {
    const me = await buyer();
    const res = await call(me, 'post', '/lists', body).expect(400);
    expect(res.body.error).toMatchObject({ code: 'VALIDATION_ERROR', message });
    expect((await call(me, 'get', '/lists')).body).toEqual([]);
  });

  it(`when the buyer has ${MAX_LISTS_PER_USER} lists, then another is a 409`, async () => {
    const me = await buyer();
    const now = new Date().toISOString();
    for (let i = 0; i < MAX_LISTS_PER_USER; i += 1) {
      await shop.store.savedLists.create(
        { ownerEmail: me.email, name: `List ${i}`, now },
        {
          maxLists: MAX_LISTS_PER_USER,
        },
      );
    }
    const res = await call(me, 'post', '/lists', { name: 'One more' }).expect(409);
    expect(res.body.error.message).toBe('You can keep up to 50 lists: delete one to make another');
  });

  it('when nobody is signed in, then 401', async () => {
    await call(null, 'get', '/lists').expect(401);
    await call(null, 'post', '/lists', { name: 'Anon' }).expect(401);
  });
});

describe('GET /api/lists/:id', () => {
  it("when a tool is priced, sold out or deleted, then each line says so at today's prices", async () => {
    const me = await buyer();
    const list = await newList(me);
    const tiered = await addTool({
      name: 'Tiered Bits',
      priceCents: 1000,
      priceTiers: [{ minQuantity: 50, priceCents: 800 }],
    });
    const soldOut = await addTool({ name: 'Gone Saw', availableQuantity: 0 });
    const deleted = await addTool({ name: 'Old Clamp' });
    for (const [tool, quantity] of [
      [tiered, 60],
      [soldOut, 5],
      [deleted, 7],
    ] as const) {
      await call(me, 'post', `/lists/${list._id}/lines`, { toolId: tool._id, quantity }).expect(
        200,
      );
    }
    await shop.store.tools.update(tiered._id, {
      ...buildTool(),
      name: 'Tiered Bits v2',
      priceCents: 1000,
      priceTiers: [{ minQuantity: 50, priceCents: 800 }],
    });
    await shop.store.tools.delete(deleted._id);
    const res = await call(me, 'get', `/lists/${list._id}`).expect(200);
    const body = SavedListSchema.parse(res.body);
    expect(body.lines).toEqual([
      expect.objectContaining({
        name: 'Tiered Bits v2',
        quantity: 60,
        status: 'available',
        unitPrice: 8,
        lineTotal: 480,
      }),
      expect.objectContaining({ name: 'Gone Saw', status: 'sold_out', availableQuantity: 0 }),
      {
        toolId: deleted._id,
        name: 'Old Clamp',
        quantity: 7,
        status: 'unavailable',
        unitPrice: null,
        lineTotal: null,
        availableQuantity: 0,
        MinimumOrderQuantity: null,
      },
    ]);
    expect(body.total).toBe(480);
    expect(body.lineCount).toBe(3);
  });

  it('when the id is unknown or malformed, then 404 or 400', async () => {
    const me = await buyer();
    await call(me, 'get', '/lists/0123456789abcdef01234567').expect(404);
    expect((await call(me, 'get', '/lists/nope').expect(400)).body.error.code).toBe(
      'VALIDATION_ERROR',
    );
  });
});

describe('lines: POST, PATCH and DELETE /api/lists/:id/lines', () => {
  it('when a tool is added twice, then its quantity grows; it can be set and removed', async () => {
    const me = await buyer();
    const { list, tool } = await listWithLine(me);
    const lines = `/lists/${list._id}/lines`;
    let res = await call(me, 'post', lines, { toolId: tool._id, quantity: 5 }).expect(200);
    expect(res.body.lines).toMatchObject([{ toolId: tool._id, quantity: 15 }]);
    res = await call(me, 'patch', `${lines}/${tool._id}`, { quantity: 3 }).expect(200);
    expect(res.body.lines).toMatchObject([{ quantity: 3, lineTotal: 75 }]);
    res = await call(me, 'delete', `${lines}/${tool._id}`).expect(200);
    expect(res.body).toMatchObject({ lines: [], lineCount: 0 });
    await call(me, 'delete', `${lines}/${tool._id}`).expect(404);
    await call(me, 'patch', `${lines}/${tool._id}`, { quantity: 3 }).expect(404);
  });

  it('when the tool does not exist or the quantity is wrong, then 4xx and the list is unchanged', async () => {
    const me = await buyer();
    const { list, tool } = await listWithLine(me);
    const lines = `/lists/${list._id}/lines`;
    await call(me, 'post', lines, { toolId: '0123456789abcdef01234567', quantity: 1 }).expect(404);
    for (const quantity of [0, -1, 1.5, '3', 1_000_001]) {
      await call(me, 'post', lines, { toolId: tool._id, quantity }).expect(400);
    }
    const over = await call(me, 'post', lines, { toolId: tool._id, quantity: 999_995 }).expect(400);
    expect(over.body.error.message).toBe('A line on a list can hold up to 1,000,000 of a tool');
    expect((await call(me, 'get', `/lists/${list._id}`)).body.lines).toMatchObject([
      { quantity: 10 },
    ]);
  });

  it(`when a list holds ${MAX_LIST_LINES} tools, then another is a 409`, async () => {
    const me = await buyer();
    const list = await newList(me);
    const tools = await Promise.all(Array.from({ length: MAX_LIST_LINES + 1 }, () => addTool()));
    const now = new Date().toISOString();
    const limits = { maxLines: MAX_LIST_LINES, maxQuantity: 1_000_000 };
    for (const tool of tools.slice(0, MAX_LIST_LINES)) {
      await shop.store.savedLists.addLine(
        list._id,
        me.email,
        { toolId: tool._id, name: tool.name, quantity: 1 },
        now,
        limits,
      );
    }
    const last = tools[MAX_LIST_LINES]!;
    const res = await call(me, 'post', `/lists/${list._id}/lines`, {
      toolId: last._id,
      quantity: 1,
    });
    expect(res.status).toBe(409);
    expect(res.body.error.message).toBe('A list holds up to 500 tools');
  });
});

describe('PATCH and DELETE /api/lists/:id', () => {
  it('when the owner renames a list, then the new name shows; a taken name is a 409', async () => {
    const me = await buyer();
    const list = await newList(me, 'Van');
    await newList(me, 'Shop');
    const res = await call(me, 'patch', `/lists/${list._id}`, { name: 'Van restock' }).expect(200);
    expect(res.body.name).toBe('Van restock');
    await call(me, 'patch', `/lists/${list._id}`, { name: 'shop' }).expect(409);
    await call(me, 'patch', `/lists/${list._id}`, { name: '' }).expect(400);
    expect((await call(me, 'get', `/lists/${list._id}`)).body.name).toBe('Van restock');
  });

  it('when the owner deletes a list, then it is gone', async () => {
    const me = await buyer();
    const { list } = await listWithLine(me);
    await call(me, 'delete', `/lists/${list._id}`).expect(204);
    await call(me, 'get', `/lists/${list._id}`).expect(404);
    await call(me, 'delete', `/lists/${list._id}`).expect(404);
    expect((await call(me, 'get', '/lists')).body).toEqual([]);
  });
});

describe('POST /api/lists/:id/cart', () => {
  it("when the list goes to the cart, then its lines are added at today's prices and the rest named", async () => {
    const me = await buyer();
    const list = await newList(me);
    const drill = await addTool({ name: 'Cart Drill', priceCents: 2000 });
    const low = await addTool({ name: 'Low Stock Saw', priceCents: 1000, availableQuantity: 8 });
    const gone = await addTool({ name: 'Gone Vise' });
    for (const [tool, quantity] of [
      [drill, 10],
      [low, 20],
      [gone, 6],
    ] as const) {
      await call(me, 'post', `/lists/${list._id}/lines`, { toolId: tool._id, quantity }).expect(
        200,
      );
    }
    await shop.store.tools.delete(gone._id);
    await shop.store.tools.update(drill._id, {
      ...buildTool(),
      name: 'Cart Drill',
      priceCents: 2100,
    });
    const res = await call(me, 'post', `/lists/${list._id}/cart`).expect(200);
    const body = AddCartLinesResultSchema.parse(res.body);
    expect(body.lines.map((l) => [l.name, l.status, l.quantity, l.message])).toEqual([
      ['Cart Drill', 'added', 10, 'Added'],
      ['Low Stock Saw', 'adjusted', 8, 'Only 8 in stock: lowered to 8'],
      ['Gone Vise', 'refused', undefined, 'This tool is no longer sold'],
    ]);
    const cart = (await call(me, 'get', '/cart').expect(200)).body;
    expect(cart.items.map((i: { name: string; quantity: number }) => [i.name, i.quantity])).toEqual(
      [
        ['Cart Drill', 10],
        ['Low Stock Saw', 8],
      ],
    );
    expect(cart.total).toBe(290);
    // The list itself is kept as it was.
    expect((await call(me, 'get', `/lists/${list._id}`)).body.lineCount).toBe(3);
  });

  it('when the list is empty, then 400 and the cart is unchanged', async () => {
    const me = await buyer();
    const list = await newList(me);
    const res = await call(me, 'post', `/lists/${list._id}/cart`).expect(400);
    expect(res.body.error.message).toBe('This list is empty');
    expect((await call(me, 'get', '/cart')).body.items).toEqual([]);
  });
});

describe("another person's list", () => {
  it('when another customer or an admin names it on any route, then 404 and nothing changes', async () => {
    const owner = await buyer();
    const other = await buyer();
    const admin = await signInToShop(shop.app, shop.store, {
      displayName: 'List Admin',
      admin: true,
    });
    const { list, tool } = await listWithLine(owner);
    const before = (await call(owner, 'get', `/lists/${list._id}`)).body;
    const path = `/lists/${list._id}`;
    for (const who of [other, admin]) {
      const answers = [
        await call(who, 'get', path),
        await call(who, 'patch', path, { name: 'Mine now' }),
        await call(who, 'delete', path),
        await call(who, 'post', `${path}/lines`, { toolId: tool._id, quantity: 5 }),
        await call(who, 'patch', `${path}/lines/${tool._id}`, { quantity: 99 }),
        await call(who, 'delete', `${path}/lines/${tool._id}`),
        await call(who, 'post', `${path}/cart`),
      ];
      for (const res of answers) {
        expect(res.status).toBe(404);
        expect(res.body.error).toEqual({ code: 'NOT_FOUND', message: 'List not found' });
      }
      expect((await call(who, 'get', '/cart')).body.items).toEqual([]);
      expect((await call(who, 'get', '/lists')).body).toEqual([]);
    }
    expect((await call(owner, 'get', path)).body).toEqual(before);
  });
});
