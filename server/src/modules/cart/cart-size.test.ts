import request from 'supertest';
import { describe, expect, it } from 'vitest';
import { AddCartLinesResultSchema } from '@toolworks/contract/cart';
import { MAX_CART_LINES } from '@toolworks/contract/cart-limits';
import { loadConfig } from '../../config.js';
import { buildTool } from '../../test/factories.js';
import { useTestApp } from '../../test/test-app.js';
import { signInToShop, type ShopSession } from '../../test/sign-in.js';

const shop = useTestApp(
  loadConfig({
    ...process.env,
    AUTH_RATE_LIMIT_PER_MINUTE: '100000',
    ORDER_RATE_LIMIT_PER_MINUTE: '100000',
  }),
);

const as = (who: ShopSession, req: request.Test) => req.set('Authorization', who.bearer);
const tools = (count: number) =>
  Promise.all(
    Array.from({ length: count }, () =>
      shop.store.tools.create(
        buildTool({ priceCents: 100, availableQuantity: 100, minimumOrderQuantity: 1 }),
      ),
    ),
  );

// 10,000 lines made a 1.3 MB order, a 6 MB payment email and a 566 kB PDF: a cart, like the
// order it becomes, holds at most MAX_CART_LINES lines.
describe('the size of a cart', () => {
  it('when the cart holds 500 lines, then a new tool is refused in words, by PUT and by POST /cart/lines, and a held line still changes', async () => {
    const me = await signInToShop(shop.app, shop.store, { displayName: 'Full Cart' });
    const held = await tools(MAX_CART_LINES);
    await as(me, request(shop.app).post('/api/cart/lines'))
      .send({ lines: held.map((tool) => ({ toolId: tool._id, quantity: 1 })) })
      .expect(200);
    const [extra, another] = await tools(2);

    const put = await as(me, request(shop.app).put(`/api/cart/${extra!._id}`))
      .send({ quantity: 1 })
      .expect(409);
    const full =
      'Your cart holds 500 lines, the most one order takes: check out or remove a line first';
    expect(put.body.error.message).toBe(full);

    const added = await as(me, request(shop.app).post('/api/cart/lines'))
      .send({
        lines: [
          { toolId: another!._id, quantity: 1 },
          { toolId: held[0]!._id, quantity: 2 },
        ],
      })
      .expect(200);
    const result = AddCartLinesResultSchema.parse(added.body);
    expect(result.lines.map((line) => [line.status, line.message])).toEqual([
      ['refused', full],
      ['added', 'Added'],
    ]);
    expect(result.cart.items).toHaveLength(MAX_CART_LINES);
    await as(me, request(shop.app).put(`/api/cart/${held[1]!._id}`))
      .send({ quantity: 5 })
      .expect(200);
  });

  it('when a cart holds more than 500 lines anyway, then checkout refuses it in words and reserves nothing', async () => {
    const me = await signInToShop(shop.app, shop.store, { displayName: 'Over Cart' });
    const held = await tools(MAX_CART_LINES + 1);
    const now = new Date().toISOString();
    for (const tool of held) await shop.store.carts.set(me.email.toLowerCase(), tool._id, 1, now);
    const res = await as(me, request(shop.app).post('/api/checkout'))
      .send({ userPhone: '+1 555 0100', userAddress: '9 Yard Road, Leeds', expectedTotal: 501 })
      .expect(400);
    expect(res.body.error.message).toBe(
      'An order takes at most 500 lines: remove 1 line from your cart',
    );
    expect(await shop.store.orders.listByEmail(me.email.toLowerCase())).toEqual([]);
  });
});
