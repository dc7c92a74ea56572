import request from 'supertest';
import { describe, expect, it } from 'vitest';
import {
  PriceListSchema,
  PriceListSummariesSchema,
  PricingExplanationSchema,
} from '@toolworks/contract/price-lists';
import { CompanyDetailSchema } from '@toolworks/contract/companies';
import { buildTool } from '../../test/factories.js';
import type { ShopSession } from '../../test/sign-in.js';
import { testConfig, useSignedIn, useTestApp } from '../../test/test-app.js';
import { createTradeCompany } from '../../test/trade-company.js';

const TODAY = '2030-06-15';
const shop = useSignedIn(
  useTestApp(testConfig(), { now: () => new Date(`${TODAY}T12:00:00.000Z`) }),
  { admin: { displayName: 'Ada Admin', admin: true }, buyer: {}, consumer: {} },
);

const as = (session: ShopSession, req: request.Test) => req.set('Authorization', session.bearer);
const api = () => request(shop.app);
let skuNumber = 0;

async function tool(priceCents = 1240) {
  skuNumber += 1;
  return shop.store.tools.create(buildTool({ sku: `PL-TEST-${skuNumber}`, priceCents }));
}

async function createList(body: object) {
  const res = await as(shop.admin, api().post('/api/price-lists')).send(body).expect(201);
  return PriceListSchema.parse(res.body);
}

describe('price lists CRUD', () => {
  it('when an admin creates, reads, lists, replaces and deletes a list, then each answer shows it', async () => {
    const drill = await tool();
    const created = await createList({
      name: 'Distributor',
      validFrom: '2030-01-01',
      lines: [
        { sku: drill.sku, price: 7.9, breaks: [{ minQuantity: 100, price: 7.5 }] },
        { category: 'other', percentOff: 35 },
        { percentOff: 30 },
      ],
      versions: [{ startsOn: '2031-01-01', lines: [{ sku: drill.sku, price: 8.2 }] }],
    });
    expect(created).toMatchObject({
      name: 'Distributor',
      currency: 'USD',
      validFrom: '2030-01-01',
      validTo: null,
      parentId: null,
      companyIds: [],
      lines: [
        {
          type: 'fixed',
          sku: drill.sku,
          price: 7.9,
          breaks: [{ minQuantity: 100, price: 7.5 }],
          minimumOrderQuantity: null,
          orderMultiple: null,
        },
        { type: 'category', category: 'other', percentOff: 35 },
        { type: 'all', percentOff: 30 },
      ],
      versions: [{ startsOn: '2031-01-01', lines: [{ type: 'fixed', price: 8.2 }] }],
    });
    const read = await as(shop.admin, api().get(`/api/price-lists/${created._id}`)).expect(200);
    expect(read.body).toEqual(created);

    const listed = PriceListSummariesSchema.parse(
      (await as(shop.admin, api().get('/api/price-lists')).expect(200)).body,
    );
    expect(listed.find((l) => l._id === created._id)).toMatchObject({
      lineCount: 4,
      versionStarts: ['2031-01-01'],
    });

    const replaced = await as(shop.admin, api().put(`/api/price-lists/${created._id}`))
      .send({ name: 'Distributor 2031', currency: 'eur', lines: [{ percentOff: 10 }] })
      .expect(200);
    expect(replaced.body).toMatchObject({
      name: 'Distributor 2031',
      currency: 'EUR',
      validFrom: null,
      lines: [{ type: 'all', percentOff: 10 }],
      versions: [],
    });

    await as(shop.admin, api().delete(`/api/price-lists/${created._id}`)).expect(204);
    await as(shop.admin, api().get(`/api/price-lists/${created._id}`)).expect(404);
    await as(shop.admin, api().delete(`/api/price-lists/${created._id}`)).expect(404);
  });

  it('when someone is signed out or not an admin, then 401 and 403', async () => {
    await api().get('/api/price-lists').expect(401);
    await as(shop.buyer, api().get('/api/price-lists')).expect(403);
    await as(shop.buyer, api().post('/api/price-lists')).send({ name: 'x' }).expect(403);
  });

  it('when the input is wrong, then 400 names the field; a parent loop is 409', async () => {
    const bad = await as(shop.admin, api().post('/api/price-lists'))
      .send({ name: '', lines: [{ sku: 'A-1', price: -1 }, { percentOff: 100 }] })
      .expect(400);
    expect(bad.body.error.code).toBe('VALIDATION_ERROR');
    expect(bad.body.error.details.map((d: { path: string }) => d.path)).toEqual(
      expect.arrayContaining(['name', 'lines.0.price', 'lines.1.percentOff']),
    );
    const missingParent = await as(shop.admin, api().post('/api/price-lists'))
      .send({ name: 'Orphan', parentId: 'aaaaaaaaaaaaaaaaaaaaaaaa' })
      .expect(400);
    expect(missingParent.body.error.details).toEqual([
      { path: 'parentId', message: expect.any(String) },
    ]);

    const parent = await createList({ name: 'Parent' });
    const child = await createList({ name: 'Child', parentId: parent._id });
    const loop = await as(shop.admin, api().put(`/api/price-lists/${parent._id}`))
      .send({ name: 'Parent', parentId: child._id })
      .expect(409);
    expect(loop.body.error.code).toBe('CONFLICT');
    await as(shop.admin, api().get('/api/price-lists/nothex')).expect(400);
    await as(shop.admin, api().get('/api/price-lists/aaaaaaaaaaaaaaaaaaaaaaaa')).expect(404);
  });
});

describe('PUT /api/companies/{id} with price lists', () => {
  it('when lists are assigned in order with a policy, then the company shows them; a deleted list is unassigned', async () => {
    const owner = await as(shop.consumer, api().get('/api/company')).expect(200);
    expect(owner.body.company).toBeNull();
    const companyId = await createTradeCompany(shop.store, { email: 'pl.owner@example.com' });
    const a = await createList({ name: 'A', lines: [{ percentOff: 5 }] });
    const b = await createList({ name: 'B', lines: [{ percentOff: 10 }] });

    const put = await as(shop.admin, api().put(`/api/companies/${companyId}`))
      .send({ priceListIds: [b._id, a._id], pricePolicy: 'priority' })
      .expect(200);
    expect(CompanyDetailSchema.parse(put.body)).toMatchObject({
      priceListIds: [b._id, a._id],
      pricePolicy: 'priority',
    });
    const got = await as(shop.admin, api().get(`/api/companies/${companyId}`)).expect(200);
    expect(got.body).toMatchObject({ priceListIds: [b._id, a._id], pricePolicy: 'priority' });
    const all = await as(shop.admin, api().get('/api/companies')).expect(200);
    expect(all.body.find((c: { _id: string }) => c._id === companyId)).toMatchObject({
      priceListIds: [b._id, a._id],
    });
    expect((await as(shop.admin, api().get(`/api/price-lists/${a._id}`))).body.companyIds).toEqual([
      companyId,
    ]);

    const unknown = await as(shop.admin, api().put(`/api/companies/${companyId}`))
      .send({ priceListIds: [a._id, 'bbbbbbbbbbbbbbbbbbbbbbbb'] })
      .expect(400);
    expect(unknown.body.error.message).toContain('bbbbbbbbbbbbbbbbbbbbbbbb');

    await as(shop.admin, api().delete(`/api/price-lists/${b._id}`)).expect(204);
    const after = await as(shop.admin, api().get(`/api/companies/${companyId}`)).expect(200);
    expect(after.body).toMatchObject({ priceListIds: [a._id], pricePolicy: 'priority' });
  });
});

describe('price list lines as CSV', () => {
  it('when the CSV is exported, edited, dry-run and imported, then only the real import changes the list', async () => {
    const [one, two, three] = [await tool(), await tool(), await tool()];
    const list = await createList({
      name: 'CSV list',
      lines: [
        { sku: one.sku, price: 7.9, breaks: [{ minQuantity: 100, price: 7.5 }], orderMultiple: 10 },
        { sku: two.sku, price: 3 },
        { percentOff: 20 },
      ],
    });
    const exported = await as(shop.admin, api().get(`/api/price-lists/${list._id}/lines.csv`))
      .expect(200)
      .expect('Content-Type', /text\/csv/);
    expect(exported.text).toBe(
      `sku,price,breaks,minimumOrderQuantity,orderMultiple\r\n${one.sku},7.90,100:7.50,,10\r\n${two.sku},3.00,,,\r\n`,
    );

    const edited = `${exported.text}${three.sku},4.25,50:4.00|200:3.75,,\r\n`.replace(
      `${two.sku},3.00`,
      `${two.sku},2.80`,
    );
    const dry = await as(shop.admin, api().post(`/api/price-lists/${list._id}/import?dryRun=true`))
      .send({ csv: edited })
      .expect(200);
    expect(dry.body).toEqual({
      dryRun: true,
      applied: false,
      added: 1,
      updated: 1,
      unchanged: 1,
      errors: [],
    });
    const still = await as(shop.admin, api().get(`/api/price-lists/${list._id}`));
    expect(still.body.lines).toEqual(list.lines);

    const real = await as(
      shop.admin,
      api().post(`/api/price-lists/${list._id}/import?dryRun=false`),
    )
      .send({ csv: edited })
      .expect(200);
    expect(real.body).toMatchObject({ applied: true, added: 1, updated: 1, unchanged: 1 });
    const now = (await as(shop.admin, api().get(`/api/price-lists/${list._id}`))).body;
    expect(now.lines).toEqual([
      list.lines[0],
      { ...list.lines[1], price: 2.8 },
      { type: 'all', percentOff: 20 },
      {
        type: 'fixed',
        sku: three.sku,
        price: 4.25,
        breaks: [
          { minQuantity: 50, price: 4 },
          { minQuantity: 200, price: 3.75 },
        ],
        minimumOrderQuantity: null,
        orderMultiple: null,
      },
    ]);
  });

  it('when rows are wrong, then each is named by row and column and nothing is written', async () => {
    const one = await tool();
    const list = await createList({ name: 'Strict list' });
    const csv = [
      'sku,price,breaks,minimumOrderQuantity,orderMultiple',
      `${one.sku},abc,,,`,
      'NO-SUCH-SKU,5,,,',
      `${one.sku},5,,,`,
      `${one.sku},4,,,`,
    ].join('\n');
    const dry = await as(shop.admin, api().post(`/api/price-lists/${list._id}/import`))
      .send({ csv })
      .expect(200);
    expect(dry.body.errors).toEqual([
      { row: 2, column: 'price', sku: one.sku, message: 'Price must be a number' },
      { row: 3, column: 'sku', sku: 'NO-SUCH-SKU', message: 'No tool has SKU NO-SUCH-SKU' },
      { row: 5, column: 'sku', sku: one.sku, message: `SKU ${one.sku} is already on row 4` },
    ]);
    const real = await as(
      shop.admin,
      api().post(`/api/price-lists/${list._id}/import?dryRun=false`),
    )
      .send({ csv })
      .expect(400);
    expect(real.body.error.details).toHaveLength(3);
    expect((await as(shop.admin, api().get(`/api/price-lists/${list._id}`))).body.lines).toEqual(
      [],
    );
  });
});

describe('GET /api/pricing/explain', () => {
  it('when the admin asks for a company, then the steps show base, percentage and the fixed price that applies', async () => {
    const drill = await tool(1240);
    const distributor = await createList({ name: 'Distributor', lines: [{ percentOff: 30 }] });
    const contract = await createList({
      name: 'Contract',
      parentId: distributor._id,
      lines: [{ sku: drill.sku, price: 7.9 }],
    });
    const companyId = await createTradeCompany(shop.store, { email: 'explain.owner@example.com' });
    await as(shop.admin, api().put(`/api/companies/${companyId}`))
      .send({ priceListIds: [distributor._id, contract._id] })
      .expect(200);

    const res = await as(
      shop.admin,
      api().get(`/api/pricing/explain?sku=${drill.sku}&quantity=10&companyId=${companyId}`),
    ).expect(200);
    const explained = PricingExplanationSchema.parse(res.body);
    expect(explained).toMatchObject({
      sku: drill.sku,
      quantity: 10,
      date: TODAY,
      unitPrice: 7.9,
      lineTotal: 79,
      currency: 'USD',
      listPrice: 12.4,
      applied: { source: 'list', listName: 'Contract', price: 7.9, applies: true },
    });
    expect(explained.steps.map((s) => [s.source, s.price, s.applies])).toEqual([
      ['base', 12.4, false],
      ['list', 8.68, false],
      ['list', 7.9, true],
    ]);
    await as(
      shop.admin,
      api().get(`/api/pricing/explain?sku=NOPE-1&companyId=${companyId}`),
    ).expect(404);
    await as(
      shop.admin,
      api().get(`/api/pricing/explain?sku=${drill.sku}&companyId=cccccccccccccccccccccccc`),
    ).expect(404);
  });

  it('when a buyer asks, then they get their own company; another company is 403; a consumer gets the base price', async () => {
    const saw = await tool(2000);
    const list = await createList({ name: 'Buyer list', lines: [{ percentOff: 25 }] });
    const own = await createTradeCompany(shop.store, { email: shop.buyer.email });
    const other = await createTradeCompany(shop.store, { email: 'other.owner@example.com' });
    await as(shop.admin, api().put(`/api/companies/${own}`))
      .send({ priceListIds: [list._id] })
      .expect(200);

    const mine = await as(shop.buyer, api().get(`/api/pricing/explain?sku=${saw.sku}`)).expect(200);
    expect(mine.body).toMatchObject({ unitPrice: 15, applied: { listName: 'Buyer list' } });
    await as(shop.buyer, api().get(`/api/pricing/explain?sku=${saw.sku}&companyId=${own}`)).expect(
      200,
    );
    await as(
      shop.buyer,
      api().get(`/api/pricing/explain?sku=${saw.sku}&companyId=${other}`),
    ).expect(403);
    const consumer = await as(
      shop.consumer,
      api().get(`/api/pricing/explain?sku=${saw.sku}`),
    ).expect(200);
    expect(consumer.body).toMatchObject({
      unitPrice: 20,
      applied: { source: 'base' },
      skipped: [],
    });
    await api().get(`/api/pricing/explain?sku=${saw.sku}`).expect(401);
  });

  it('when a version starts later or a list is in another currency, then date previews it and the other currency is skipped', async () => {
    const bit = await tool(1000);
    const rising = await createList({
      name: 'Rising',
      lines: [{ sku: bit.sku, price: 8 }],
      versions: [{ startsOn: '2031-01-01', lines: [{ sku: bit.sku, price: 9 }] }],
    });
    const euro = await createList({ name: 'Euro', currency: 'EUR', lines: [{ percentOff: 50 }] });
    const companyId = await createTradeCompany(shop.store, { email: 'dated.owner@example.com' });
    await as(shop.admin, api().put(`/api/companies/${companyId}`))
      .send({ priceListIds: [rising._id, euro._id] })
      .expect(200);
    const explain = (date?: string) =>
      as(
        shop.admin,
        api().get(
          `/api/pricing/explain?sku=${bit.sku}&companyId=${companyId}${date ? `&date=${date}` : ''}`,
        ),
      ).expect(200);

    const today = (await explain()).body;
    expect(today).toMatchObject({ date: TODAY, unitPrice: 8 });
    expect(today.skipped).toEqual([
      { listId: euro._id, listName: 'Euro', reason: expect.stringContaining('EUR') },
    ]);
    expect((await explain('2030-12-31')).body.unitPrice).toBe(8);
    expect((await explain('2031-01-01')).body).toMatchObject({ date: '2031-01-01', unitPrice: 9 });
  });
});
