import request from 'supertest';
import { beforeAll, describe, expect, it } from 'vitest';
import { buildTool } from '../../test/factories.js';
import { signInToShop, type ShopSession } from '../../test/sign-in.js';
import { testConfig, useTestApp } from '../../test/test-app.js';
import { createTradeCompany } from '../../test/trade-company.js';
import type { ToolRecord } from '../../store/store.js';

/** A contract's order multiple (a price list line's `orderMultiple`) in the cart: issue 50. */
const shop = useTestApp(testConfig());

let member: ShopSession;
let consumer: ShopSession;
let discs: ToolRecord;

beforeAll(async () => {
  const { store } = shop;
  discs = await store.tools.create(
    buildTool({ name: 'Cutting Disc', sku: 'CM-DSC-1', priceCents: 300, minimumOrderQuantity: 1 }),
  );
  member = await signInToShop(shop.app, store, { displayName: 'Boxed Buyer' });
  consumer = await signInToShop(shop.app, store, { displayName: 'Loose Buyer' });
  const companyId = await createTradeCompany(store, member);
  const list = await store.priceLists.create(
    {
      name: 'Boxes of 6',
      currency: 'USD',
      validFrom: null,
      validTo: null,
      parentId: null,
      versions: [
        {
          startsOn: null,
          rules: [
            {
              type: 'fixed',
              sku: 'CM-DSC-1',
              priceCents: 250,
              breaks: [],
              minimumOrderQuantity: 6,
              orderMultiple: 6,
            },
          ],
        },
      ],
    },
    '2026-01-01T00:00:00Z',
  );
  if (typeof list === 'string') throw new Error(list);
  await store.priceLists.setCompanyPricing(companyId, { priceListIds: [list._id] });
});

const put = (who: ShopSession, quantity: number) =>
  request(shop.app)
    .put(`/api/cart/${discs._id}`)
    .set('Authorization', who.bearer)
    .send({ quantity });
const add = (who: ShopSession, quantity: number) =>
  request(shop.app)
    .post('/api/cart/lines')
    .set('Authorization', who.bearer)
    .send({ lines: [{ toolId: discs._id, quantity }] });

describe('a contract order multiple in the cart', () => {
  it('when a member sets a quantity off the multiple, then 400 QUANTITY_NOT_MULTIPLE with the nearest, and the cart is unchanged', async () => {
    const res = await put(member, 8).expect(400);
    expect(res.body.error).toMatchObject({
      code: 'QUANTITY_NOT_MULTIPLE',
      details: { nearest: 6, quantityStep: 6 },
    });
    expect(res.body.error.message).toContain('Order in multiples of 6');
    const cart = await request(shop.app).get('/api/cart').set('Authorization', member.bearer);
    expect(cart.body.lines ?? cart.body.items ?? []).toHaveLength(0);
    await put(member, 12).expect(200);
  });

  it('when lines are added off the multiple, then the whole request is refused', async () => {
    const res = await add(member, 9).expect(400);
    expect(res.body.error).toMatchObject({
      code: 'QUANTITY_NOT_MULTIPLE',
      details: { nearest: 12 },
    });
  });

  it('when a consumer (no contract) sets any quantity, then it is theirs', async () => {
    await put(consumer, 7).expect(200);
    await add(consumer, 1).expect(200);
  });
});
