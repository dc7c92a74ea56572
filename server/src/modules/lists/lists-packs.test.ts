import request from 'supertest';
import { describe, expect, it } from 'vitest';
import { AddCartLinesResultSchema } from '@toolworks/contract/cart';
import { SavedListSchema } from '@toolworks/contract/lists';
import { buildTool } from '../../test/factories.js';
import { signInToShop, type ShopSession } from '../../test/sign-in.js';
import { testConfig, useTestApp } from '../../test/test-app.js';

// Issue 50: a saved list goes to the cart as quick order does, each line rounded up to whole
// packs and multiples with a note, never the whole list refused for one line.
const shop = useTestApp(testConfig());

type Method = 'get' | 'post';
const call = (who: ShopSession, method: Method, path: string, body?: object) => {
  const req = request(shop.app)[method](`/api${path}`).set('Authorization', who.bearer);
  return body ? req.send(body) : req;
};

describe('POST /api/lists/:id/cart with packs', () => {
  it('when a list holds 150 of a pack of 100 and 8 loose screws, then the cart gets 200 with a note and 8', async () => {
    const me = await signInToShop(shop.app, shop.store, { displayName: 'List Packer' });
    const rivets = await shop.store.tools.create(
      buildTool({
        name: 'List Rivets',
        priceCents: 1890,
        availableQuantity: 10_000,
        minimumOrderQuantity: 1,
        packSize: 100,
        priceBasis: 100,
      }),
    );
    const screws = await shop.store.tools.create(
      buildTool({
        name: 'List Screws',
        priceCents: 10,
        availableQuantity: 100,
        minimumOrderQuantity: 1,
      }),
    );
    const list = SavedListSchema.parse(
      (await call(me, 'post', '/lists', { name: 'Workshop' }).expect(201)).body,
    );
    await call(me, 'post', `/lists/${list._id}/lines`, {
      toolId: rivets._id,
      quantity: 150,
    }).expect(200);
    await call(me, 'post', `/lists/${list._id}/lines`, { toolId: screws._id, quantity: 8 }).expect(
      200,
    );

    const body = AddCartLinesResultSchema.parse(
      (await call(me, 'post', `/lists/${list._id}/cart`).expect(200)).body,
    );
    expect(body.lines.map((l) => [l.name, l.status, l.requested, l.quantity, l.message])).toEqual([
      ['List Rivets', 'adjusted', 150, 200, 'Sold in packs of 100: 150 rounded up to 200'],
      ['List Screws', 'added', 8, 8, 'Added'],
    ]);
    const cart = (await call(me, 'get', '/cart').expect(200)).body;
    expect(cart.items.map((i: { quantity: number }) => i.quantity)).toEqual([200, 8]);
    expect(cart.total).toBe(38.6);
  });
});

describe('POST /api/cart/lines with packs and little stock', () => {
  it('when more packs are asked than the stock holds, then the line is lowered to whole packs', async () => {
    const me = await signInToShop(shop.app, shop.store, { displayName: 'Short Packer' });
    const discs = await shop.store.tools.create(
      buildTool({
        name: 'Few Discs',
        priceCents: 500,
        availableQuantity: 250,
        minimumOrderQuantity: 1,
        packSize: 100,
      }),
    );
    const res = await call(me, 'post', '/cart/lines', {
      lines: [{ toolId: discs._id, quantity: 300 }],
    }).expect(200);
    const body = AddCartLinesResultSchema.parse(res.body);
    expect(body.lines[0]).toMatchObject({
      status: 'adjusted',
      quantity: 200,
      message: 'Only 250 in stock: lowered to 200',
    });
    expect(body.cart.items[0]?.quantity).toBe(200);
  });

  it('when fewer are asked than the least whole packs above the minimum, then the line is raised to them', async () => {
    const me = await signInToShop(shop.app, shop.store, { displayName: 'Small Packer' });
    const bits = await shop.store.tools.create(
      buildTool({
        name: 'Pack Bits',
        priceCents: 500,
        availableQuantity: 1000,
        minimumOrderQuantity: 150,
        packSize: 100,
      }),
    );
    const body = AddCartLinesResultSchema.parse(
      (
        await call(me, 'post', '/cart/lines', {
          lines: [{ toolId: bits._id, quantity: 100 }],
        }).expect(200)
      ).body,
    );
    expect(body.lines[0]).toMatchObject({
      status: 'adjusted',
      quantity: 200,
      message: 'Raised to the minimum order of 200',
    });
  });
});
