import request from 'supertest';
import { beforeAll, describe, expect, it } from 'vitest';
import { CartSchema } from '@toolworks/contract/cart';
import { OrderSchema } from '@toolworks/contract/orders';
import { ToolListSchema, ToolSchema } from '@toolworks/contract/tools';
import type { PricingRule } from '../../domain/pricing.js';
import type { Id, ToolRecord } from '../../store/store.js';
import { buildTool } from '../../test/factories.js';
import { signInToShop, type ShopSession } from '../../test/sign-in.js';
import { testConfig, useTestApp } from '../../test/test-app.js';
import { createTradeCompany, joinCompany } from '../../test/trade-company.js';

// The response cache on, as in production: a member's answer must never reach anyone else.
const shop = useTestApp(testConfig({ CATALOGUE_CACHE_MS: '60000' }));

let member: ShopSession;
let consumer: ShopSession;
let bits: ToolRecord;
let hammer: ToolRecord;
let listId: Id;
let companyId: Id;

const rules = (priceCents: number): PricingRule[] => [
  {
    type: 'fixed',
    sku: 'CP-BIT-1',
    priceCents,
    breaks: [{ minQuantity: 100, priceCents: priceCents - 40 }],
    minimumOrderQuantity: null,
    orderMultiple: null,
  },
];
const listInput = (name: string, priceCents: number) => ({
  name,
  currency: 'USD',
  validFrom: null,
  validTo: null,
  parentId: null,
  versions: [{ startsOn: null, rules: rules(priceCents) }],
});

beforeAll(async () => {
  const { store } = shop;
  bits = await store.tools.create(
    buildTool({
      name: 'Contract Bit Set',
      sku: 'CP-BIT-1',
      priceCents: 1240,
      priceTiers: [{ minQuantity: 50, priceCents: 1190 }],
      minimumOrderQuantity: 10,
      availableQuantity: 5000,
    }),
  );
  hammer = await store.tools.create(
    buildTool({
      name: 'Contract Hammer',
      sku: 'CP-HMR-1',
      priceCents: 2000,
      availableQuantity: 500,
    }),
  );
  member = await signInToShop(shop.app, store, { displayName: 'Contract Buyer' });
  consumer = await signInToShop(shop.app, store, { displayName: 'Consumer' });
  companyId = await createTradeCompany(store, member);
  const list = await store.priceLists.create(listInput('Distributor', 790), '2026-01-01T00:00:00Z');
  if (typeof list === 'string') throw new Error(list);
  listId = list._id;
  await store.priceLists.setCompanyPricing(companyId, { priceListIds: [listId] });
});

const get = (path: string, who?: ShopSession) => {
  const call = request(shop.app).get(path);
  return who ? call.set('Authorization', who.bearer) : call;
};
const listed = (body: unknown, id: Id) => ToolListSchema.parse(body).find((t) => t._id === id);
const bitsContract = {
  price: 7.9,
  priceTiers: [{ minQuantity: 100, price: 7.5 }],
  priceListName: 'Distributor',
  listPrice: 12.4,
  minimumOrderQuantity: 10,
  orderMultiple: 1,
};

describe('GET /api/tools and GET /api/tool/{id} with contract prices', () => {
  it('when a member of a company with a list reads the catalogue, then each tool has their contract price and the list price stays', async () => {
    const res = await get('/api/tools?limit=100', member).expect(200);
    expect(listed(res.body, bits._id)).toMatchObject({
      price: 12.4,
      priceTiers: [{ minQuantity: 50, price: 11.9 }],
      contractPrice: bitsContract,
    });
    expect(listed(res.body, hammer._id)).toMatchObject({ price: 20, contractPrice: null });
    expect(res.headers['cache-control']).toBe('private, no-store');
    expect(res.headers.vary).toMatch(/Authorization/);

    const page = await get(`/api/tool/${bits._id}`, member).expect(200);
    expect(ToolSchema.parse(page.body).contractPrice).toEqual(bitsContract);
    expect(page.headers['cache-control']).toBe('private, no-store');
  });

  it('when a visitor, a consumer and a member ask in turn with the cache on, then nobody is served anyone else’s answer', async () => {
    const anonymous = await get('/api/tools?limit=100').expect(200);
    expect(listed(anonymous.body, bits._id)).not.toHaveProperty('contractPrice');
    expect((await get('/api/tools?limit=100', member).expect(200)).text).toContain(
      '"contractPrice"',
    );
    const again = await get('/api/tools?limit=100').expect(200);
    expect(again.text).toBe(anonymous.text);
    expect(again.headers['cache-control']).toBeUndefined();
    expect(again.headers.vary).toMatch(/Authorization/);
    // A consumer (no company) and a bad token see exactly today's answer.
    expect((await get('/api/tools?limit=100', consumer).expect(200)).text).toBe(anonymous.text);
    const forged = await request(shop.app)
      .get('/api/tools?limit=100')
      .set('Authorization', 'Bearer not-a-token')
      .expect(200);
    expect(forged.text).toBe(anonymous.text);

    const tool = await get(`/api/tool/${bits._id}`).expect(200);
    await get(`/api/tool/${bits._id}`, member).expect(200);
    const toolAgain = await get(`/api/tool/${bits._id}`).expect(200);
    expect(toolAgain.body).not.toHaveProperty('contractPrice');
    expect(toolAgain.text).toBe(tool.text);
  });
});

describe("a member's catalogue, answered by the listener and kept per company", () => {
  const withoutPerConnection = (headers: Record<string, string>) => {
    const { date: _date, connection: _connection, 'keep-alive': _keepAlive, ...rest } = headers;
    return rest;
  };
  const bitsPrice = async (who: ShopSession) =>
    listed((await get('/api/tools?limit=100', who).expect(200)).body, bits._id)?.contractPrice
      ?.price;

  it('when a member asks, then the answer (kept or not) is byte for byte what Express alone sends', async () => {
    for (const path of ['/api/tools?limit=100', `/api/tool/${bits._id}`]) {
      for (let i = 0; i < 2; i++) {
        const direct = await get(path, member).expect(200);
        const viaExpress = await request(shop.app.express)
          .get(path)
          .set('Authorization', member.bearer)
          .expect(200);
        expect(direct.text).toBe(viaExpress.text);
        expect(withoutPerConnection(direct.headers)).toEqual(
          withoutPerConnection(viaExpress.headers),
        );
      }
    }
  });

  it('when an admin edits the list or the assignment, then the next page shows it at once', async () => {
    expect(await bitsPrice(member)).toBe(7.9);
    await shop.store.priceLists.update(
      listId,
      listInput('Distributor', 750),
      '2026-02-01T00:00:00Z',
    );
    expect(await bitsPrice(member)).toBe(7.5);
    await shop.store.priceLists.setCompanyPricing(companyId, { priceListIds: [] });
    expect(await bitsPrice(member)).toBeUndefined();
    await shop.store.priceLists.setCompanyPricing(companyId, { priceListIds: [listId] });
    await shop.store.priceLists.update(
      listId,
      listInput('Distributor', 790),
      '2026-03-01T00:00:00Z',
    );
    expect(await bitsPrice(member)).toBe(7.9);
  });

  it("when another company's member asks for the same page, then they get their own prices, and a member who left gets the public page", async () => {
    const other = await signInToShop(shop.app, shop.store, { displayName: 'Other Buyer' });
    const otherCompany = await createTradeCompany(shop.store, other);
    const leaver = await signInToShop(shop.app, shop.store, { displayName: 'Leaver' });
    await joinCompany(shop.store, companyId, member.email, { ...leaver, role: 'buyer' });
    const otherList = await shop.store.priceLists.create(
      listInput('Key account', 600),
      '2026-01-01',
    );
    if (typeof otherList === 'string') throw new Error(otherList);
    await shop.store.priceLists.setCompanyPricing(otherCompany, { priceListIds: [otherList._id] });

    expect(await bitsPrice(member)).toBe(7.9);
    expect(await bitsPrice(leaver)).toBe(7.9);
    expect(await bitsPrice(other)).toBe(6);
    expect(await bitsPrice(member)).toBe(7.9);

    expect(await shop.store.companies.removeMember(companyId, leaver.email)).toBe('REMOVED');
    const anonymous = await get('/api/tools?limit=100').expect(200);
    expect((await get('/api/tools?limit=100', leaver).expect(200)).text).toBe(anonymous.text);
    // An account the shop removes proves nothing from the next request on.
    const buyer = await signInToShop(shop.app, shop.store, { displayName: 'Removed Buyer' });
    await joinCompany(shop.store, otherCompany, other.email, { ...buyer, role: 'buyer' });
    expect(await bitsPrice(buyer)).toBe(6);
    expect(await shop.store.users.remove(buyer.email)).toBe('REMOVED');
    const removed = await get('/api/tools?limit=100', buyer).expect(200);
    expect(removed.text).toBe((await get('/api/tools?limit=100').expect(200)).text);
    expect(removed.text).not.toContain('"contractPrice"');
  });
});

describe('the cart, checkout and Buy Now at contract prices', () => {
  it('when a member fills the cart, then its lines are at their contract price and break; the order records the list, which a later edit does not change', async () => {
    await request(shop.app)
      .put(`/api/cart/${bits._id}`)
      .set('Authorization', member.bearer)
      .send({ quantity: 100 })
      .expect(200);
    const cart = CartSchema.parse((await get('/api/cart', member).expect(200)).body as unknown);
    expect(cart.items[0]).toMatchObject({ unitPrice: 7.5, quantity: 100, lineTotal: 750 });
    expect(cart.total).toBe(750);

    const placed = await request(shop.app)
      .post('/api/checkout')
      .set('Authorization', member.bearer)
      .send({ userPhone: '+1 555 0100', userAddress: '9 Yard Road', expectedTotal: 750 })
      .expect(201);
    const order = OrderSchema.parse(placed.body);
    expect(order.items[0]).toMatchObject({
      unitPrice: 7.5,
      lineTotal: 750,
      priceListName: 'Distributor',
    });
    expect((await shop.store.orders.get(order._id))?.items[0]?.priceList).toEqual({
      listId,
      listName: 'Distributor',
      versionStartsOn: null,
    });

    await shop.store.priceLists.update(
      listId,
      listInput('Distributor 2027', 500),
      '2026-02-01T00:00:00Z',
    );
    const later = OrderSchema.parse(
      (await get(`/api/order/${order._id}`, member).expect(200)).body,
    );
    expect(later.items[0]).toMatchObject({ unitPrice: 7.5, priceListName: 'Distributor' });
    expect(later.price).toBe(750);
    await shop.store.priceLists.update(
      listId,
      listInput('Distributor', 790),
      '2026-02-02T00:00:00Z',
    );
  });

  it('when the list changes under an open cart, then checkout answers PRICE_CHANGED as today', async () => {
    await request(shop.app)
      .put(`/api/cart/${bits._id}`)
      .set('Authorization', member.bearer)
      .send({ quantity: 20 })
      .expect(200);
    expect(CartSchema.parse((await get('/api/cart', member)).body as unknown).total).toBe(158);
    await shop.store.priceLists.update(
      listId,
      listInput('Distributor', 800),
      '2026-03-01T00:00:00Z',
    );
    const refused = await request(shop.app)
      .post('/api/checkout')
      .set('Authorization', member.bearer)
      .send({ userPhone: '+1 555 0100', userAddress: '9 Yard Road', expectedTotal: 158 })
      .expect(409);
    expect(refused.body.error.code).toBe('PRICE_CHANGED');
    await shop.store.priceLists.update(
      listId,
      listInput('Distributor', 790),
      '2026-03-02T00:00:00Z',
    );
    await request(shop.app)
      .delete(`/api/cart/${bits._id}`)
      .set('Authorization', member.bearer)
      .expect(200);
  });

  it('when a member buys now at the contract price they were shown, then the order line names the list', async () => {
    const res = await request(shop.app)
      .post('/api/addOrderItem')
      .set('Authorization', member.bearer)
      .send({
        toolId: bits._id,
        quantity: 20,
        expectedUnitPrice: 7.9,
        userPhone: '+1 555 0100',
        userAddress: '1 Mill Road',
      })
      .expect(201);
    expect(OrderSchema.parse(res.body).items[0]).toMatchObject({
      unitPrice: 7.9,
      lineTotal: 158,
      priceListName: 'Distributor',
    });
    // A consumer pays the tool's own price, and the line names no list.
    const theirs = await request(shop.app)
      .post('/api/addOrderItem')
      .set('Authorization', consumer.bearer)
      .send({
        toolId: bits._id,
        quantity: 20,
        userPhone: '+1 555 0100',
        userAddress: '1 Mill Road',
      })
      .expect(201);
    expect(theirs.body.items[0]).toMatchObject({ unitPrice: 12.4 });
    expect(theirs.body.items[0]).not.toHaveProperty('priceListName');
  });
});

describe('quick order and quote requests at contract prices', () => {
  it('when a member checks a paste, then the lines are at their contract price; a visitor sees list prices', async () => {
    const lines = [{ sku: 'CP-BIT-1', quantity: 100 }];
    const mine = await request(shop.app)
      .post('/api/quick-order/check')
      .set('Authorization', member.bearer)
      .send({ lines })
      .expect(200);
    expect(mine.body.lines[0]).toMatchObject({ unitPrice: 7.5, lineTotal: 750 });
    const anyone = await request(shop.app).post('/api/quick-order/check').send({ lines });
    expect(anyone.body.lines[0]).toMatchObject({ unitPrice: 11.9, lineTotal: 1190 });
  });

  it('when a member asks for a quote, then its lines start from their contract price', async () => {
    const res = await request(shop.app)
      .post('/api/quotes')
      .set('Authorization', member.bearer)
      .send({
        items: [{ toolId: bits._id, quantity: 40 }],
        userPhone: '+1 555 0100',
        userAddress: '1 Mill Road, Leeds',
      })
      .expect(201);
    expect(res.body.items[0]).toMatchObject({ quantity: 40, listUnitPrice: 7.9 });
  });
});

describe('saved lists at contract prices', () => {
  it("when a member reads a saved list, then its lines and total are at their contract price; the consumer's own list at list prices", async () => {
    const priced = async (who: ShopSession) => {
      const created = await request(shop.app)
        .post('/api/lists')
        .set('Authorization', who.bearer)
        .send({ name: 'Site kit' })
        .expect(201);
      const id = (created.body as { _id: string })._id;
      await request(shop.app)
        .post(`/api/lists/${id}/lines`)
        .set('Authorization', who.bearer)
        .send({ toolId: bits._id, quantity: 100 })
        .expect(200);
      return (await get(`/api/lists/${id}`, who).expect(200)).body as {
        lines: { unitPrice: number; lineTotal: number }[];
        total: number;
      };
    };
    const mine = await priced(member);
    expect(mine.lines[0]).toMatchObject({ unitPrice: 7.5, lineTotal: 750 });
    expect(mine.total).toBe(750);
    const theirs = await priced(consumer);
    expect(theirs.lines[0]).toMatchObject({ unitPrice: 11.9, lineTotal: 1190 });
  });
});
