import request from 'supertest';
import { beforeAll, describe, expect, it } from 'vitest';
import { CartSchema } from '@toolworks/contract/cart';
import { OrderSchema } from '@toolworks/contract/orders';
import { buildTool } from '../../test/factories.js';
import { signInToShop, type ShopSession } from '../../test/sign-in.js';
import { testConfig, useTestApp } from '../../test/test-app.js';
import type { ToolRecord } from '../../store/store.js';

// Issue 50: a tool sold in packs of 100, priced per 100, in the cart, at checkout and Buy Now.
const shop = useTestApp(testConfig());

let rivets: ToolRecord;
let bolts: ToolRecord;
beforeAll(async () => {
  rivets = await shop.store.tools.create(
    buildTool({
      name: 'Pack Rivets',
      sku: 'PK-RIV-100',
      priceCents: 1890,
      availableQuantity: 10_000,
      minimumOrderQuantity: 1,
      packSize: 100,
      priceBasis: 100,
    }),
  );
  bolts = await shop.store.tools.create(
    buildTool({
      name: 'Six Bolts',
      sku: 'PK-BLT-6',
      priceCents: 120,
      availableQuantity: 600,
      minimumOrderQuantity: 12,
      orderMultiple: 6,
      unit: 'SET',
    }),
  );
});

const buyer = () => signInToShop(shop.app, shop.store, { displayName: 'Pack Buyer' });
const put = (who: ShopSession, toolId: string, quantity: number) =>
  request(shop.app).put(`/api/cart/${toolId}`).set('Authorization', who.bearer).send({ quantity });
const add = (who: ShopSession, lines: { toolId: string; quantity: number }[]) =>
  request(shop.app).post('/api/cart/lines').set('Authorization', who.bearer).send({ lines });
const checkout = (who: ShopSession, expectedTotal: number) =>
  request(shop.app)
    .post('/api/checkout')
    .set('Authorization', who.bearer)
    .send({ userPhone: '+1 555 0100', userAddress: '9 Yard Road, Leeds', expectedTotal });
const buyNow = (who: ShopSession, quantity: number, expectedUnitPrice?: number) =>
  request(shop.app)
    .post('/api/addOrderItem')
    .set('Authorization', who.bearer)
    .send({
      toolId: rivets._id,
      quantity,
      userName: 'Pack Buyer',
      userPhone: '+1 555 0100',
      userAddress: '9 Yard Road, Leeds',
      ...(expectedUnitPrice !== undefined && { expectedUnitPrice }),
    });

const refusedWith = (res: request.Response, nearest: number) =>
  expect(res.body.error).toMatchObject({ code: 'QUANTITY_NOT_MULTIPLE', details: { nearest } });

describe('PUT /api/cart/:toolId with packs', () => {
  it('when 150 of a pack of 100 is set, then 400 QUANTITY_NOT_MULTIPLE with the nearest 200, and the cart is unchanged', async () => {
    const me = await buyer();
    const res = await put(me, rivets._id, 150).expect(400);
    refusedWith(res, 200);
    expect(res.body.error.message).toContain('Order in packs of 100');
    const cart = await request(shop.app).get('/api/cart').set('Authorization', me.bearer);
    expect(cart.body.items).toEqual([]);
  });

  it('when 200 are set, then the line is priced per 100 and says what the price is for', async () => {
    const me = await buyer();
    const cart = CartSchema.parse((await put(me, rivets._id, 200).expect(200)).body);
    expect(cart.items[0]).toMatchObject({
      quantity: 200,
      unitPrice: 18.9,
      lineTotal: 37.8,
      packSize: 100,
      priceBasis: 100,
      quantityStep: 100,
    });
    expect(cart.total).toBe(37.8);
  });

  it('when a set of bolts is ordered in multiples of 6, then 13 is refused (nearest 12) and 18 is kept', async () => {
    const me = await buyer();
    refusedWith(await put(me, bolts._id, 13).expect(400), 12);
    const cart = CartSchema.parse((await put(me, bolts._id, 18).expect(200)).body);
    expect(cart.items[0]).toMatchObject({
      quantity: 18,
      unit: 'SET',
      orderMultiple: 6,
      quantityStep: 6,
    });
    expect(cart.items[0]).not.toHaveProperty('packSize');
  });
});

describe('POST /api/cart/lines with packs', () => {
  it('when a line is off the pack, then the request is refused with the nearest', async () => {
    const me = await buyer();
    refusedWith(await add(me, [{ toolId: rivets._id, quantity: 260 }]).expect(400), 300);
  });
});

describe('POST /api/checkout with packs', () => {
  it('when a cart holds 300 rivets, then the order line is 3 x 18.90 per 100', async () => {
    const me = await buyer();
    await put(me, rivets._id, 300).expect(200);
    const order = OrderSchema.parse((await checkout(me, 56.7).expect(201)).body);
    expect(order.items[0]).toMatchObject({
      quantity: 300,
      unitPrice: 18.9,
      lineTotal: 56.7,
      priceBasis: 100,
    });
  });

  it('when a cart line went off the pack (the pack size changed), then checkout refuses it', async () => {
    const me = await buyer();
    await shop.store.carts.set(me.email, rivets._id, 250, new Date().toISOString());
    refusedWith(await checkout(me, 47.25).expect(400), 300);
  });
});

describe('POST /api/addOrderItem (Buy Now) with packs', () => {
  it('when 150 are bought, then 400 QUANTITY_NOT_MULTIPLE with the nearest', async () => {
    refusedWith(await buyNow(await buyer(), 150).expect(400), 200);
  });

  it('when 200 are bought at the price shown per 100, then the order is placed at 37.80', async () => {
    const res = await buyNow(await buyer(), 200, 18.9).expect(201);
    expect(OrderSchema.parse(res.body)).toMatchObject({ price: 37.8, quantity: 200 });
  });
});
