import request from 'supertest';
import { describe, expect, it } from 'vitest';
import { AddCartLinesResultSchema } from '@toolworks/contract/cart';
import type { ToolInput } from '../../store/store.js';
import { buildTool } from '../../test/factories.js';
import { signInToShop, type ShopSession } from '../../test/sign-in.js';
import { testConfig, useTestApp } from '../../test/test-app.js';

const shop = useTestApp(testConfig());

const buyer = () => signInToShop(shop.app, shop.store, { displayName: 'Again Buyer' });
const addTool = (overrides: Partial<ToolInput> = {}) =>
  shop.store.tools.create(
    buildTool({ availableQuantity: 100, minimumOrderQuantity: 5, ...overrides }),
  );
const addLines = (who: ShopSession, body: object) =>
  request(shop.app).post('/api/cart/lines').set('Authorization', who.bearer).send(body);
const getCart = (who: ShopSession) =>
  request(shop.app).get('/api/cart').set('Authorization', who.bearer);

describe('POST /api/cart/lines', () => {
  it('when a line is raised or lowered, then its message writes the counts with thousands separators', async () => {
    const me = await buyer();
    const big = await addTool({
      name: 'Bulk Drill',
      minimumOrderQuantity: 1000,
      availableQuantity: 5000,
    });
    const stocked = await addTool({ name: 'Stocked Drill', availableQuantity: 1200 });
    const res = await addLines(me, {
      lines: [
        { toolId: big._id, quantity: 10 },
        { toolId: stocked._id, quantity: 2000 },
      ],
    }).expect(200);
    expect(AddCartLinesResultSchema.parse(res.body).lines.map((line) => line.message)).toEqual([
      'Raised to the minimum order of 1,000',
      'Only 1,200 in stock: lowered to 1,200',
    ]);
  });

  it("when every line is valid, then all are added at today's prices and the cart answers", async () => {
    const me = await buyer();
    const saw = await addTool({ name: 'Again Saw', priceCents: 1250 });
    const vise = await addTool({ name: 'Again Vise', priceCents: 399 });
    const res = await addLines(me, {
      lines: [
        { toolId: saw._id, quantity: 10 },
        { toolId: vise._id, quantity: 5 },
      ],
    }).expect(200);
    const body = AddCartLinesResultSchema.parse(res.body);
    expect(body.lines).toEqual([
      {
        toolId: saw._id,
        name: 'Again Saw',
        requested: 10,
        status: 'added',
        quantity: 10,
        message: 'Added',
      },
      {
        toolId: vise._id,
        name: 'Again Vise',
        requested: 5,
        status: 'added',
        quantity: 5,
        message: 'Added',
      },
    ]);
    expect(body.cart.total).toBe(144.95);
    expect((await getCart(me)).body).toEqual(body.cart);
  });

  it('when the tool is already in the cart, then the quantities add up', async () => {
    const me = await buyer();
    const tool = await addTool();
    await request(shop.app)
      .put(`/api/cart/${tool._id}`)
      .set('Authorization', me.bearer)
      .send({ quantity: 10 });
    const res = await addLines(me, { lines: [{ toolId: tool._id, quantity: 15 }] }).expect(200);
    expect(res.body.lines[0]).toMatchObject({ status: 'added', quantity: 25 });
    expect(res.body.cart.items[0]).toMatchObject({ toolId: tool._id, quantity: 25 });
  });

  it('when lines are unknown, sold out, below the minimum or above the stock, then each is named with its reason and the valid ones are added', async () => {
    const me = await buyer();
    const ok = await addTool({ name: 'Fine Drill' });
    const gone = await addTool({ name: 'Gone Drill' });
    await shop.store.tools.delete(gone._id);
    const soldOut = await addTool({
      name: 'Sold Drill',
      availableQuantity: 3,
      minimumOrderQuantity: 5,
    });
    const small = await addTool({ name: 'Small Drill', minimumOrderQuantity: 20 });
    const scarce = await addTool({ name: 'Scarce Drill', availableQuantity: 30 });
    const res = await addLines(me, {
      lines: [
        { toolId: ok._id, quantity: 7 },
        { toolId: gone._id, quantity: 7 },
        { toolId: soldOut._id, quantity: 7 },
        { toolId: small._id, quantity: 7 },
        { toolId: scarce._id, quantity: 70 },
      ],
    }).expect(200);
    expect(res.body.lines).toEqual([
      {
        toolId: ok._id,
        name: 'Fine Drill',
        requested: 7,
        status: 'added',
        quantity: 7,
        message: 'Added',
      },
      { toolId: gone._id, requested: 7, status: 'refused', message: 'This tool is no longer sold' },
      {
        toolId: soldOut._id,
        name: 'Sold Drill',
        requested: 7,
        status: 'refused',
        message: 'Sold out',
      },
      {
        toolId: small._id,
        name: 'Small Drill',
        requested: 7,
        status: 'adjusted',
        quantity: 20,
        message: 'Raised to the minimum order of 20',
      },
      {
        toolId: scarce._id,
        name: 'Scarce Drill',
        requested: 70,
        status: 'adjusted',
        quantity: 30,
        message: 'Only 30 in stock: lowered to 30',
      },
    ]);
    const cart = (await getCart(me)).body as { items: { toolId: string; quantity: number }[] };
    expect(cart.items.map(({ toolId, quantity }) => [toolId, quantity])).toEqual([
      [ok._id, 7],
      [small._id, 20],
      [scarce._id, 30],
    ]);
    // Nothing is reserved by a cart.
    expect((await shop.store.tools.get(scarce._id))?.availableQuantity).toBe(30);
  });

  it.each([
    ['no lines', { lines: [] }, 'Add at least one line'],
    ['not a list', { lines: 'x' }, 'Lines must be a list'],
    ['a malformed id', { lines: [{ toolId: 'nope', quantity: 5 }] }, 'Malformed id'],
    [
      'a fractional quantity',
      { lines: [{ toolId: 'a'.repeat(24), quantity: 5.5 }] },
      'Quantity must be a whole number',
    ],
    [
      'a zero quantity',
      { lines: [{ toolId: 'a'.repeat(24), quantity: 0 }] },
      'Quantity must be at least 1',
    ],
    [
      'a tool twice',
      {
        lines: [
          { toolId: 'a'.repeat(24), quantity: 5 },
          { toolId: 'A'.repeat(24), quantity: 6 },
        ],
      },
      'Each tool may be listed once',
    ],
    [
      '501 lines',
      {
        lines: Array.from({ length: 501 }, (_, i) => ({
          toolId: i.toString(16).padStart(24, '0'),
          quantity: 5,
        })),
      },
      'Add at most 500 lines at once',
    ],
  ])('when the body has %s, then 400 and the cart is unchanged', async (_, body, message) => {
    const me = await buyer();
    const tool = await addTool();
    const withValid = {
      lines: [...((body.lines as unknown[]) ?? []), { toolId: tool._id, quantity: 5 }],
    };
    const res = await addLines(
      me,
      Array.isArray(body.lines) && body.lines.length > 0 ? withValid : body,
    ).expect(400);
    expect(res.body.error.code).toBe('VALIDATION_ERROR');
    expect(JSON.stringify(res.body.error)).toContain(message);
    expect((await getCart(me)).body.items).toEqual([]);
  });

  it('when 500 lines come at once, then all are answered', async () => {
    const me = await buyer();
    const tool = await addTool();
    const unknown = Array.from({ length: 499 }, (_, i) => ({
      toolId: `e${(i + 1).toString(16).padStart(23, '0')}`,
      quantity: 5,
    }));
    const res = await addLines(me, {
      lines: [{ toolId: tool._id, quantity: 5 }, ...unknown],
    }).expect(200);
    expect(res.body.lines).toHaveLength(500);
    expect(res.body.cart.items).toHaveLength(1);
  });

  it('when nobody is signed in, then 401', async () => {
    await request(shop.app).post('/api/cart/lines').send({ lines: [] }).expect(401);
  });
});
