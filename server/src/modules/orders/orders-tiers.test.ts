import request from 'supertest';
import { describe, expect, it } from 'vitest';
import { buildTool } from '../../test/factories.js';
import { testConfig, useSignedIn, useTestApp } from '../../test/test-app.js';

/** Volume prices as buyers and admins meet them through the API, on the real store. */
// One buyer places every order here: the unpaid-order limit is not under test.
const shop = useSignedIn(useTestApp(testConfig({ MAX_UNPAID_ORDERS: '1000' })), {
  buyer: { displayName: 'Trade Buyer' },
  admin: { displayName: 'Ada Admin', admin: true },
});

// Base $12.50, minimum 10; 50+ at $11.90, 200+ at $10.75.
const tieredTool = () =>
  shop.store.tools.create(
    buildTool({
      priceCents: 1250,
      minimumOrderQuantity: 10,
      availableQuantity: 100_000,
      priceTiers: [
        { minQuantity: 50, priceCents: 1190 },
        { minQuantity: 200, priceCents: 1075 },
      ],
    }),
  );

const order = (toolId: string, quantity: number, extra: object = {}) =>
  request(shop.app)
    .post('/api/addOrderItem')
    .set('Authorization', shop.buyer.bearer)
    .send({ toolId, quantity, userPhone: '+1 555 0100', userAddress: '1 Mill Road', ...extra });

describe('POST /api/addOrderItem with volume prices', () => {
  it.each([
    [10, 125], // the minimum
    [49, 612.5], // the unit before the first tier
    [50, 595], // the first tier's first unit
    [199, 2368.1], // the unit before the second tier
    [200, 2150], // the second tier's first unit
  ])('when %i units are ordered, then the order costs $%d', async (quantity, total) => {
    const tool = await tieredTool();
    const res = await order(tool._id, quantity).expect(201);
    expect(res.body).toMatchObject({ quantity, price: total });
    expect((await shop.store.orders.get(res.body._id))?.unitPriceCents).toBe(
      Math.round((total * 100) / quantity),
    );
  });

  it('when the buyer expects the tier price, then the order is placed', async () => {
    const tool = await tieredTool();
    await order(tool._id, 200, { expectedUnitPrice: 10.75 }).expect(201);
  });

  it('when the buyer expects the base price for a tiered quantity, then 409 with the tier price', async () => {
    const tool = await tieredTool();
    const res = await order(tool._id, 50, { expectedUnitPrice: 12.5 }).expect(409);
    expect(res.body.error).toMatchObject({ code: 'PRICE_CHANGED', details: { unitPrice: 11.9 } });
    expect((await shop.store.tools.get(tool._id))?.availableQuantity).toBe(100_000);
  });
});

describe('volume prices on the catalogue and in admin edits', () => {
  const toolBody = {
    name: 'Tiered Clamp',
    img: '/images/tools/clamp.svg',
    price: 12.5,
    description: 'Cheaper by the hundred.',
    availableQuantity: 1000,
    MinimumOrderQuantity: 10,
  };
  const tiers = [
    { minQuantity: 50, price: 11.9 },
    { minQuantity: 200, price: 10.75 },
  ];

  it('when an admin adds a tool with tiers, then the catalogue shows them in dollars', async () => {
    const created = await request(shop.app)
      .post('/api/addtools')
      .set('Authorization', shop.admin.bearer)
      .send({ ...toolBody, priceTiers: tiers })
      .expect(201);
    expect(created.body.priceTiers).toEqual(tiers);
    const read = await request(shop.app).get(`/api/tool/${created.body._id}`).expect(200);
    expect(read.body.priceTiers).toEqual(tiers);
  });

  it('when a tool has no tiers, then priceTiers is an empty list', async () => {
    const tool = await shop.store.tools.create(buildTool());
    expect((await request(shop.app).get(`/api/tool/${tool._id}`)).body.priceTiers).toEqual([]);
  });

  it('when an update leaves tiers out, then they are kept; with [] they are removed', async () => {
    const tool = await tieredTool();
    const body = { ...toolBody, price: 12.5, name: 'Renamed Clamp' };
    const kept = await request(shop.app)
      .put(`/api/tool/${tool._id}`)
      .set('Authorization', shop.admin.bearer)
      .send(body)
      .expect(200);
    expect(kept.body.priceTiers).toEqual(tiers);
    const cleared = await request(shop.app)
      .put(`/api/tool/${tool._id}`)
      .set('Authorization', shop.admin.bearer)
      .send({ ...body, priceTiers: [] })
      .expect(200);
    expect(cleared.body.priceTiers).toEqual([]);
  });

  it('when an update lowers the price below kept tiers, then 400 and nothing changes', async () => {
    const tool = await tieredTool();
    const res = await request(shop.app)
      .put(`/api/tool/${tool._id}`)
      .set('Authorization', shop.admin.bearer)
      .send({ ...toolBody, price: 11 })
      .expect(400);
    expect(res.body.error.message).toBe('Volume prices: Volume price must be below the price');
    expect((await shop.store.tools.get(tool._id))?.priceCents).toBe(1250);
  });

  it('when tiers break a rule, then 400 names the row and the tool is not created', async () => {
    const before = await shop.store.tools.count();
    const res = await request(shop.app)
      .post('/api/addtools')
      .set('Authorization', shop.admin.bearer)
      .send({ ...toolBody, priceTiers: [{ minQuantity: 50, price: 13 }] })
      .expect(400);
    expect(res.body.error).toMatchObject({
      code: 'VALIDATION_ERROR',
      message: 'Volume price must be below the price',
      details: [{ path: 'priceTiers.0.price', message: 'Volume price must be below the price' }],
    });
    expect(await shop.store.tools.count()).toBe(before);
  });
});
