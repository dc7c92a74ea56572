import request from 'supertest';
import { describe, expect, it } from 'vitest';
import { CartSchema } from '@toolworks/contract/cart';
import { OrderSchema } from '@toolworks/contract/orders';
import type { ToolInput } from '../../store/store.js';
import { buildTool } from '../../test/factories.js';
import { signInToShop, type ShopSession } from '../../test/sign-in.js';
import { testConfig, useTestApp } from '../../test/test-app.js';

const shop = useTestApp(testConfig());

const buyer = () => signInToShop(shop.app, shop.store, { displayName: 'Cart Buyer' });
const addTool = (overrides: Partial<ToolInput> = {}) =>
  shop.store.tools.create(
    buildTool({ availableQuantity: 100, minimumOrderQuantity: 5, ...overrides }),
  );
const stockOf = async (id: string) => (await shop.store.tools.get(id))?.availableQuantity;
const put = (who: ShopSession, toolId: string, quantity: unknown) =>
  request(shop.app).put(`/api/cart/${toolId}`).set('Authorization', who.bearer).send({ quantity });
const getCart = (who: ShopSession) =>
  request(shop.app).get('/api/cart').set('Authorization', who.bearer);
const checkout = (who: ShopSession, body: Record<string, unknown>) =>
  request(shop.app)
    .post('/api/checkout')
    .set('Authorization', who.bearer)
    .send({ userPhone: '+1 555 0100', userAddress: '9 Yard Road, Leeds', ...body });

describe('GET/PUT/DELETE /api/cart', () => {
  it('when lines are set, changed and removed, then the cart answers each time, priced now', async () => {
    const me = await buyer();
    const saw = await addTool({ name: 'Cart Saw', priceCents: 1250, sku: 'CART-SAW-1' });
    const vise = await addTool({ name: 'Cart Vise', priceCents: 399, sku: 'cart-vise-2' });
    expect((await getCart(me).expect(200)).body).toEqual({ items: [], total: 0 });

    await put(me, saw._id, 10).expect(200);
    const two = CartSchema.parse((await put(me, vise._id, 5).expect(200)).body);
    expect(two).toEqual({
      items: [
        {
          toolId: saw._id,
          name: 'Cart Saw',
          sku: 'CART-SAW-1',
          unitPrice: 12.5,
          quantity: 10,
          lineTotal: 125,
          MinimumOrderQuantity: 5,
          availableQuantity: 100,
          allowBackorders: false,
          leadTimeDays: null,
          incomingStock: [],
        },
        {
          toolId: vise._id,
          name: 'Cart Vise',
          sku: 'cart-vise-2',
          unitPrice: 3.99,
          quantity: 5,
          lineTotal: 19.95,
          MinimumOrderQuantity: 5,
          availableQuantity: 100,
          allowBackorders: false,
          leadTimeDays: null,
          incomingStock: [],
        },
      ],
      total: 144.95,
    });
    const changed = await put(me, saw._id, 20).expect(200);
    expect(changed.body.items[0]).toMatchObject({ toolId: saw._id, quantity: 20, lineTotal: 250 });
    const removed = await request(shop.app)
      .delete(`/api/cart/${saw._id}`)
      .set('Authorization', me.bearer)
      .expect(200);
    expect(removed.body.items.map((l: { toolId: string }) => l.toolId)).toEqual([vise._id]);
    // Removing a line that is not there is no error: the cart is as asked.
    await request(shop.app)
      .delete(`/api/cart/${saw._id}`)
      .set('Authorization', me.bearer)
      .expect(200);
    expect(await stockOf(saw._id)).toBe(100);
  });

  it('when two buyers fill carts, then each sees only their own', async () => {
    const [a, b] = await Promise.all([buyer(), buyer()]);
    const tool = await addTool();
    await put(a, tool._id, 7).expect(200);
    expect((await getCart(b).expect(200)).body.items).toEqual([]);
    expect((await getCart(a).expect(200)).body.items).toHaveLength(1);
  });

  it.each([
    [4, 400, 'You have to purchase at least 5 products'],
    [0, 400, 'You have to purchase at least 5 products'],
    [
      101,
      400,
      'You have to purchase below our availableQuantity: at most 100 products are available',
    ],
    [10.5, 400, 'Quantity must be a whole number'],
    ['12', 400, 'Quantity must be a whole number'],
  ])(
    'when the quantity is %s, then %s with the spec message and the cart is unchanged',
    async (q, status, message) => {
      const me = await buyer();
      const tool = await addTool();
      const res = await put(me, tool._id, q).expect(status);
      expect(res.body.error.message).toContain(message);
      expect((await getCart(me)).body.items).toEqual([]);
    },
  );

  it('when the tool is unknown, then 404; malformed, then 400; nobody signed in, then 401', async () => {
    const me = await buyer();
    await put(me, 'c'.repeat(24), 10).expect(404);
    await put(me, 'nope', 10).expect(400);
    await request(shop.app).delete('/api/cart/nope').set('Authorization', me.bearer).expect(400);
    await request(shop.app).get('/api/cart').expect(401);
    await request(shop.app)
      .put(`/api/cart/${'c'.repeat(24)}`)
      .send({ quantity: 10 })
      .expect(401);
  });

  it('when a tool in the cart is deleted, then its line leaves the cart', async () => {
    const me = await buyer();
    const tool = await addTool();
    await put(me, tool._id, 10).expect(200);
    await shop.store.tools.delete(tool._id);
    expect((await getCart(me).expect(200)).body).toEqual({ items: [], total: 0 });
  });
});

describe('POST /api/checkout', () => {
  it('when the cart has three lines, then one order with every line, the cart emptied, every stock reserved', async () => {
    const me = await buyer();
    const tools = await Promise.all([
      addTool({ name: 'Chk Hammer', priceCents: 1000, sku: 'CHK-HMR' }),
      addTool({ name: 'Chk Chisel', priceCents: 250, sku: 'CHK-CHS' }),
      addTool({ name: 'Chk Level', priceCents: 4999, sku: 'CHK-LVL' }),
    ]);
    for (const [i, tool] of tools.entries()) await put(me, tool._id, 10 + i).expect(200);

    const res = await checkout(me, {
      expectedTotal: 100 + 27.5 + 599.88,
      poReference: 'PO-77',
      userName: 'Dana Buyer',
    }).expect(201);

    const order = OrderSchema.parse(res.body);
    expect(res.headers.location).toBe(`/api/order/${order._id}`);
    expect(order).toMatchObject({
      status: 'unpaid',
      toolId: tools[0]?._id,
      name: 'Chk Hammer and 2 more',
      quantity: 33,
      price: 727.38,
      poReference: 'PO-77',
      userName: 'Dana Buyer',
      isPaid: false,
      paymentMethod: 'card',
      iscancelled: false,
      shipped: false,
    });
    expect(res.body).not.toHaveProperty('onInvoice');
    expect(order.number).toMatch(/^TW-1\d{5}$/);
    expect(order.items).toEqual([
      {
        toolId: tools[0]?._id,
        name: 'Chk Hammer',
        sku: 'CHK-HMR',
        unitPrice: 10,
        quantity: 10,
        lineTotal: 100,
        // One rate for the shop (no SELLER_COUNTRY): the tests' 0%.
        tax: { ratePercent: 0, category: 'Z', tax: 0 },
      },
      {
        toolId: tools[1]?._id,
        name: 'Chk Chisel',
        sku: 'CHK-CHS',
        unitPrice: 2.5,
        quantity: 11,
        lineTotal: 27.5,
        tax: { ratePercent: 0, category: 'Z', tax: 0 },
      },
      {
        toolId: tools[2]?._id,
        name: 'Chk Level',
        sku: 'CHK-LVL',
        unitPrice: 49.99,
        quantity: 12,
        lineTotal: 599.88,
        tax: { ratePercent: 0, category: 'Z', tax: 0 },
      },
    ]);
    expect(Date.parse(order.expiresAt ?? '')).toBeGreaterThan(Date.now() + 59 * 60_000);
    expect((await getCart(me)).body).toEqual({ items: [], total: 0 });
    expect(await Promise.all(tools.map((t) => stockOf(t._id)))).toEqual([90, 89, 88]);
    const read = await request(shop.app)
      .get(`/api/order/${order._id}`)
      .set('Authorization', me.bearer)
      .expect(200);
    expect(read.body).toEqual(res.body);

    // The SKU is the one bought under: an admin renaming the part later changes no order line.
    await shop.store.tools.update(tools[0]?._id, { ...buildTool(), sku: 'CHK-HMR-2' });
    const later = await request(shop.app)
      .get(`/api/order/${order._id}`)
      .set('Authorization', me.bearer)
      .expect(200);
    expect(OrderSchema.parse(later.body).items.map((line) => line.sku)).toEqual([
      'CHK-HMR',
      'CHK-CHS',
      'CHK-LVL',
    ]);
    const mine = await request(shop.app)
      .get(`/api/myOrders/${encodeURIComponent(me.email)}`)
      .set('Authorization', me.bearer)
      .expect(200);
    const listed = (mine.body as { _id: string; items: { sku?: string }[] }[]).find(
      (o) => o._id === order._id,
    );
    expect(listed?.items.map((line) => line.sku)).toEqual(['CHK-HMR', 'CHK-CHS', 'CHK-LVL']);
  });

  it('when a tool has volume prices, then the cart and the checkout price its line from the tiers', async () => {
    const me = await buyer();
    const tool = await addTool({
      name: 'Tier Clamp',
      priceCents: 1250,
      priceTiers: [
        { minQuantity: 50, priceCents: 1190 },
        { minQuantity: 80, priceCents: 1075 },
      ],
    });
    await put(me, tool._id, 60).expect(200);
    const cart = (await getCart(me).expect(200)).body;
    expect(cart).toMatchObject({
      items: [{ toolId: tool._id, unitPrice: 11.9, quantity: 60, lineTotal: 714 }],
      total: 714,
    });
    // The list price total (750) is not what the server charges.
    const refused = await checkout(me, { expectedTotal: 750 }).expect(409);
    expect(refused.body.error).toMatchObject({ code: 'PRICE_CHANGED', details: { total: 714 } });
    const res = await checkout(me, { expectedTotal: 714 }).expect(201);
    expect(res.body).toMatchObject({
      price: 714,
      items: [{ toolId: tool._id, unitPrice: 11.9, quantity: 60, lineTotal: 714 }],
    });
  });

  it('when numbers are given to orders, then they are sequential', async () => {
    const me = await buyer();
    const tool = await addTool({ priceCents: 100 });
    const numbers: number[] = [];
    for (let i = 0; i < 3; i++) {
      await put(me, tool._id, 5).expect(200);
      const res = await checkout(me, { expectedTotal: 5 }).expect(201);
      numbers.push(Number(res.body.number.slice(3)));
    }
    expect(numbers).toEqual([numbers[0], (numbers[0] ?? 0) + 1, (numbers[0] ?? 0) + 2]);
  });

  it('when one line cannot be had, then 409 OUT_OF_STOCK naming it and nothing is reserved', async () => {
    const me = await buyer();
    const plenty = await addTool({ name: 'Plenty Pliers', priceCents: 100 });
    const scarce = await addTool({ name: 'Scarce Snips', priceCents: 100, availableQuantity: 30 });
    await put(me, plenty._id, 10).expect(200);
    await put(me, scarce._id, 25).expect(200);
    await shop.store.tools.update(scarce._id, {
      ...buildTool(),
      name: 'Scarce Snips',
      priceCents: 100,
      availableQuantity: 20,
      minimumOrderQuantity: 5,
    });

    const res = await checkout(me, { expectedTotal: 35 }).expect(409);

    expect(res.body.error).toMatchObject({
      code: 'OUT_OF_STOCK',
      details: [{ toolId: scarce._id, name: 'Scarce Snips', availableQuantity: 20 }],
    });
    expect(res.body.error.message).toContain('Scarce Snips');
    expect(await stockOf(plenty._id)).toBe(100);
    expect(await stockOf(scarce._id)).toBe(20);
    expect((await getCart(me)).body.items).toHaveLength(2);
    expect(await shop.store.orders.listByEmail(me.email)).toEqual([]);
  });

  it('when the total differs from the one shown, then 409 PRICE_CHANGED with the total and nothing is placed', async () => {
    const me = await buyer();
    const tool = await addTool({ priceCents: 1000 });
    await put(me, tool._id, 10).expect(200);
    const res = await checkout(me, { expectedTotal: 99.99 }).expect(409);
    expect(res.body.error).toMatchObject({ code: 'PRICE_CHANGED', details: { total: 100 } });
    expect(await stockOf(tool._id)).toBe(100);
    expect((await getCart(me)).body.items).toHaveLength(1);
    await checkout(me, { expectedTotal: 100 }).expect(201);
  });

  it('when a large total changed, then the message writes it as every amount is written', async () => {
    const me = await buyer();
    const tool = await addTool({ priceCents: 200000 });
    await put(me, tool._id, 10).expect(200);
    const res = await checkout(me, { expectedTotal: 19999 }).expect(409);
    expect(res.body.error.message).toBe('The prices have changed: the total is now $20,000.00');
  });

  it('when the cart is empty, then 400; bad contact fields, then 400 naming them', async () => {
    const me = await buyer();
    const empty = await checkout(me, { expectedTotal: 0 }).expect(400);
    expect(empty.body.error.message).toBe('Your cart is empty');
    const tool = await addTool();
    await put(me, tool._id, 10).expect(200);
    for (const [body, path] of [
      [{ expectedTotal: 250, userPhone: '12' }, 'userPhone'],
      [{ expectedTotal: 250, userAddress: '' }, 'userAddress'],
      [{ expectedTotal: -1 }, 'expectedTotal'],
      [{ expectedTotal: 'lots' }, 'expectedTotal'],
      [{ expectedTotal: 250, poReference: 'x'.repeat(51) }, 'poReference'],
      [{}, 'expectedTotal'],
    ] as const) {
      const res = await checkout(me, body).expect(400);
      expect(res.body.error.details).toContainEqual(expect.objectContaining({ path }));
    }
    expect(await stockOf(tool._id)).toBe(100);
    await request(shop.app).post('/api/checkout').send({ expectedTotal: 1 }).expect(401);
  });

  it('when the buyer holds MAX_UNPAID_ORDERS unpaid orders, then 409 saying to pay or cancel one', async () => {
    const me = await buyer();
    const tool = await addTool({ priceCents: 100, availableQuantity: 1000 });
    for (let i = 0; i < 5; i++) {
      await put(me, tool._id, 5).expect(200);
      await checkout(me, { expectedTotal: 5 }).expect(201);
    }
    await put(me, tool._id, 5).expect(200);
    const res = await checkout(me, { expectedTotal: 5 }).expect(409);
    expect(res.body.error).toEqual({
      code: 'CONFLICT',
      message: 'You have 5 unpaid orders: pay or cancel one before ordering more.',
    });
    const buyNow = await request(shop.app)
      .post('/api/addOrderItem')
      .set('Authorization', me.bearer)
      .send({ toolId: tool._id, quantity: 5, userPhone: '+1 555 0100', userAddress: '9 Yard Road' })
      .expect(409);
    expect(buyNow.body.error.message).toBe(res.body.error.message);
    expect(await stockOf(tool._id)).toBe(975);
    const [latest] = await shop.store.orders.listByEmail(me.email);
    await request(shop.app)
      .delete(`/api/order/${latest?._id}`)
      .set('Authorization', me.bearer)
      .expect(200);
    await checkout(me, { expectedTotal: 5 }).expect(201);
  });
});

describe('POST /api/addOrderItem with expectedUnitPrice', () => {
  it('when the price shown differs, then 409 PRICE_CHANGED with the current unit price; when it matches, 201', async () => {
    const me = await buyer();
    const tool = await addTool({ priceCents: 1999 });
    const body = {
      toolId: tool._id,
      quantity: 10,
      userPhone: '+1 555 0100',
      userAddress: '9 Yard Road',
    };
    const res = await request(shop.app)
      .post('/api/addOrderItem')
      .set('Authorization', me.bearer)
      .send({ ...body, expectedUnitPrice: 18.99 })
      .expect(409);
    expect(res.body.error).toMatchObject({ code: 'PRICE_CHANGED', details: { unitPrice: 19.99 } });
    expect(await stockOf(tool._id)).toBe(100);
    const ok = await request(shop.app)
      .post('/api/addOrderItem')
      .set('Authorization', me.bearer)
      .send({ ...body, expectedUnitPrice: 19.99, price: 1 })
      .expect(201);
    expect(OrderSchema.parse(ok.body)).toMatchObject({
      price: 199.9,
      status: 'unpaid',
      name: tool.name,
    });
    expect(ok.body.items).toHaveLength(1);
  });
});
