import request from 'supertest';
import { describe, expect, it } from 'vitest';
import {
  PriceListImportReportSchema,
  PriceListSchema,
  PriceListSummarySchema,
  PricingExplanationSchema,
} from '@toolworks/contract/price-lists';
import { buildTool } from '../../test/factories.js';
import type { ShopSession } from '../../test/sign-in.js';
import { testConfig, useSignedIn, useTestApp } from '../../test/test-app.js';

const shop = useSignedIn(useTestApp(testConfig()), {
  admin: { admin: true },
  buyer: {},
  consumer: {},
  outsider: {},
});

type Method = 'get' | 'post' | 'put' | 'delete';
const call = (who: ShopSession | null, method: Method, path: string, body?: object) => {
  const req = request(shop.app)[method](`/api${path}`);
  if (who) req.set('Authorization', who.bearer);
  return body ? req.send(body) : req;
};

let skuSeq = 0;
async function tool(priceCents = 1240, category = 'drill-bits') {
  skuSeq += 1;
  return shop.store.tools.create(
    buildTool({ sku: `PL-${skuSeq}`, priceCents, category, availableQuantity: 1000 }),
  );
}

async function company(member?: ShopSession) {
  const created = await shop.store.companies.create(
    {
      name: `Pricing Co ${Math.random().toString(36).slice(2, 7)}`,
      vatId: 'GB 123 4567 89',
      billingAddress: '1 Main Street',
      deliveryAddresses: [],
      paymentTerms: 'none',
      creditLimitCents: 0,
    },
    member && { email: member.email },
  );
  if (created === 'ALREADY_MEMBER') throw new Error('already a member');
  return created;
}

const companyBody = (name: string) => ({
  name,
  vatId: 'GB 123 4567 89',
  billingAddress: '1 Main Street',
  deliveryAddresses: [{ label: 'Works', address: '1 Main Street' }],
  paymentTerms: 'none',
  creditLimit: 0,
});

async function newList(body: object) {
  const res = await call(shop.admin, 'post', '/price-lists', body).expect(201);
  return PriceListSchema.parse(res.body);
}

describe('price lists (admins)', () => {
  it('when an admin creates, reads, replaces and deletes a list, then each answer says so', async () => {
    const drill = await tool();
    const created = await newList({
      name: 'Distributor',
      lines: [
        { sku: drill.sku, price: 7.9, breaks: [{ minQuantity: 100, price: 7.5 }] },
        { category: 'drill-bits', percentOff: 35 },
        { percentOff: 30 },
      ],
      versions: [{ startsOn: '2027-01-01', lines: [{ sku: drill.sku, price: 8.5 }] }],
    });
    expect(created).toMatchObject({
      name: 'Distributor',
      currency: 'USD',
      validFrom: null,
      parentId: null,
      lines: [
        { type: 'fixed', sku: drill.sku, price: 7.9, breaks: [{ minQuantity: 100, price: 7.5 }] },
        { type: 'category', category: 'drill-bits', percentOff: 35 },
        { type: 'all', percentOff: 30 },
      ],
      versions: [{ startsOn: '2027-01-01', lines: [{ type: 'fixed', price: 8.5 }] }],
      companyIds: [],
    });
    const read = await call(shop.admin, 'get', `/price-lists/${created._id}`).expect(200);
    expect(read.body).toEqual(created);
    const listed = await call(shop.admin, 'get', '/price-lists').expect(200);
    const summary = PriceListSummarySchema.array()
      .parse(listed.body)
      .find((list) => list._id === created._id);
    expect(summary).toMatchObject({ lineCount: 4, versionStarts: ['2027-01-01'] });
    const replaced = await call(shop.admin, 'put', `/price-lists/${created._id}`, {
      name: 'Distributor 2027',
      validFrom: '2027-01-01',
      lines: [{ percentOff: 20 }],
    }).expect(200);
    expect(replaced.body).toMatchObject({
      name: 'Distributor 2027',
      validFrom: '2027-01-01',
      lines: [{ type: 'all', percentOff: 20 }],
      versions: [],
    });
    await call(shop.admin, 'delete', `/price-lists/${created._id}`).expect(204);
    await call(shop.admin, 'get', `/price-lists/${created._id}`).expect(404);
    await call(shop.admin, 'delete', `/price-lists/${created._id}`).expect(404);
  });

  it.each([
    [{ lines: [] }, 'name'],
    [{ name: 'X', lines: [{ sku: 'A-1', price: -1 }] }, 'lines.0.price'],
    [{ name: 'X', lines: [{ percentOff: 100 }] }, 'lines.0.percentOff'],
    [{ name: 'X', validFrom: '2027-02-01', validTo: '2027-01-01' }, 'validTo'],
    [{ name: 'X', currency: 'dollars' }, 'currency'],
    [{ name: 'X', lines: [{ percentOff: 10 }, { percentOff: 20 }] }, 'lines.1'],
  ])('when the body is %j, then 400 names %s and nothing is saved', async (body, path) => {
    const before = (await call(shop.admin, 'get', '/price-lists').expect(200)).body.length;
    const res = await call(shop.admin, 'post', '/price-lists', body).expect(400);
    expect(res.body.error.code).toBe('VALIDATION_ERROR');
    expect(JSON.stringify(res.body.error.details)).toContain(path);
    expect((await call(shop.admin, 'get', '/price-lists').expect(200)).body).toHaveLength(before);
  });

  it('when a parent is unknown, then 400; when it would make a cycle, then 409', async () => {
    await call(shop.admin, 'post', '/price-lists', {
      name: 'Orphan',
      parentId: 'a'.repeat(24),
    }).expect(400);
    const parent = await newList({ name: 'Parent', lines: [{ percentOff: 10 }] });
    const child = await newList({ name: 'Child', parentId: parent._id });
    const res = await call(shop.admin, 'put', `/price-lists/${parent._id}`, {
      name: 'Parent',
      parentId: child._id,
    }).expect(409);
    expect(res.body.error.code).toBe('CONFLICT');
  });

  it('when someone who is not an admin asks, then 401 or 403', async () => {
    await call(null, 'get', '/price-lists').expect(401);
    await call(shop.buyer, 'get', '/price-lists').expect(403);
    await call(shop.buyer, 'post', '/price-lists', { name: 'Mine' }).expect(403);
  });
});

describe('CSV of a list’s lines', () => {
  it('when the lines are exported, edited and imported, then the dry run changes nothing and the import does', async () => {
    const [a, b, c] = [await tool(1000), await tool(2000), await tool(3000)];
    const list = await newList({
      name: 'CSV list',
      lines: [
        { sku: a.sku, price: 9, breaks: [{ minQuantity: 50, price: 8.5 }] },
        { sku: b.sku, price: 18, orderMultiple: 6 },
        { percentOff: 5 },
      ],
    });
    const exported = await call(shop.admin, 'get', `/price-lists/${list._id}/lines.csv`).expect(
      200,
    );
    expect(exported.headers['content-type']).toContain('text/csv');
    expect(exported.text).toBe(
      `sku,price,breaks,minimumOrderQuantity,orderMultiple\r\n${a.sku},9.00,50:8.50,,\r\n${b.sku},18.00,,,6\r\n`,
    );
    const csv = `${exported.text.replace('18.00,,,6', '17.50,,,6')}${c.sku},29.00,10:28.00|20:27.00,,\r\n`;
    const dry = await call(shop.admin, 'post', `/price-lists/${list._id}/import?dryRun=true`, {
      csv,
    }).expect(200);
    expect(PriceListImportReportSchema.parse(dry.body)).toEqual({
      dryRun: true,
      applied: false,
      counts: { rows: 3, added: 1, updated: 1, unchanged: 1, refused: 0 },
      errors: [],
    });
    const unchanged = await call(shop.admin, 'get', `/price-lists/${list._id}`).expect(200);
    expect(unchanged.body.lines).toEqual(list.lines);
    const applied = await call(shop.admin, 'post', `/price-lists/${list._id}/import?dryRun=false`, {
      csv,
    }).expect(200);
    expect(applied.body).toMatchObject({ applied: true });
    const after = PriceListSchema.parse(
      (await call(shop.admin, 'get', `/price-lists/${list._id}`).expect(200)).body,
    );
    expect(after.lines).toEqual([
      list.lines[0],
      { ...list.lines[1], price: 17.5 },
      { type: 'all', percentOff: 5 },
      {
        type: 'fixed',
        sku: c.sku,
        price: 29,
        breaks: [
          { minQuantity: 10, price: 28 },
          { minQuantity: 20, price: 27 },
        ],
        minimumOrderQuantity: null,
        orderMultiple: null,
      },
    ]);
  });

  it('when a row is bad, then the report names its row and nothing is written', async () => {
    const a = await tool();
    const list = await newList({ name: 'Strict', lines: [{ sku: a.sku, price: 9 }] });
    const csv = `sku,price\r\n${a.sku},8\r\nNO-SUCH,5\r\n${a.sku},7\r\nBAD,abc\r\n`;
    const res = await call(shop.admin, 'post', `/price-lists/${list._id}/import?dryRun=false`, {
      csv,
    }).expect(200);
    expect(res.body).toMatchObject({ applied: false, counts: { refused: 3 } });
    expect(res.body.errors.map((e: { row: number }) => e.row)).toEqual([3, 4, 5]);
    const after = await call(shop.admin, 'get', `/price-lists/${list._id}`).expect(200);
    expect(after.body.lines[0].price).toBe(9);
  });

  it('when the header is missing, then 400', async () => {
    const list = await newList({ name: 'Headless' });
    await call(shop.admin, 'post', `/price-lists/${list._id}/import`, { csv: 'A-1,5\r\n' }).expect(
      400,
    );
  });
});

describe('assigning lists and explaining a price', () => {
  it('when an admin assigns lists to a company, then its buyer’s price is explained step by step', async () => {
    const drill = await tool(1240);
    const distributor = await newList({ name: 'Distributor', lines: [{ percentOff: 30 }] });
    const contract = await newList({ name: 'Contract', lines: [{ sku: drill.sku, price: 7.9 }] });
    const co = await company(shop.buyer);
    const put = await call(shop.admin, 'put', `/companies/${co._id}`, {
      ...companyBody(co.name),
      priceListIds: [distributor._id, contract._id],
    }).expect(200);
    expect(put.body).toMatchObject({
      priceListIds: [distributor._id, contract._id],
      pricePolicy: 'lowest',
    });
    // A company saved again without the fields keeps them.
    const again = await call(shop.admin, 'put', `/companies/${co._id}`, companyBody(co.name));
    expect(again.body.priceListIds).toEqual([distributor._id, contract._id]);
    const asAdmin = await call(
      shop.admin,
      'get',
      `/pricing/explain?sku=${drill.sku}&quantity=10&companyId=${co._id}`,
    ).expect(200);
    const explained = PricingExplanationSchema.parse(asAdmin.body);
    expect(explained).toMatchObject({ unitPrice: 7.9, lineTotal: 79, currency: 'USD' });
    expect(explained.steps.map((s) => [s.rule, s.price, s.applies])).toEqual([
      ['list price', 12.4, false],
      ['Distributor -30%', 8.68, false],
      ['contract fixed', 7.9, true],
    ]);
    expect(explained.applied).toMatchObject({ listName: 'Contract', price: 7.9 });
    // The buyer gets their own company's without naming it.
    const mine = await call(shop.buyer, 'get', `/pricing/explain?sku=${drill.sku}`).expect(200);
    expect(mine.body.unitPrice).toBe(7.9);
    // Priority: the first list in order wins.
    await call(shop.admin, 'put', `/companies/${co._id}`, {
      ...companyBody(co.name),
      pricePolicy: 'priority',
    }).expect(200);
    const first = await call(shop.buyer, 'get', `/pricing/explain?sku=${drill.sku}`).expect(200);
    expect(first.body.unitPrice).toBe(8.68);
    // A consumer gets the tool's own price; naming another company is refused.
    const own = await call(shop.consumer, 'get', `/pricing/explain?sku=${drill.sku}`).expect(200);
    expect(own.body).toMatchObject({ unitPrice: 12.4, steps: [{ source: 'base' }] });
    await call(
      shop.outsider,
      'get',
      `/pricing/explain?sku=${drill.sku}&companyId=${co._id}`,
    ).expect(403);
  });

  it('when the date is next year, then the future version is previewed; another currency is skipped', async () => {
    const drill = await tool(1000);
    const rise = await newList({
      name: 'Price rise',
      lines: [{ sku: drill.sku, price: 8 }],
      versions: [{ startsOn: '2099-01-01', lines: [{ sku: drill.sku, price: 9 }] }],
    });
    const euros = await newList({
      name: 'Euro list',
      currency: 'EUR',
      lines: [{ percentOff: 50 }],
    });
    const co = await company();
    await call(shop.admin, 'put', `/companies/${co._id}`, {
      ...companyBody(co.name),
      priceListIds: [euros._id, rise._id],
    }).expect(200);
    const explain = (date: string) =>
      call(
        shop.admin,
        'get',
        `/pricing/explain?sku=${drill.sku}&companyId=${co._id}&date=${date}`,
      ).expect(200);
    expect((await explain('2098-12-31')).body.unitPrice).toBe(8);
    const next = await explain('2099-01-01');
    expect(next.body.unitPrice).toBe(9);
    expect(next.body.skipped).toEqual([
      { listId: euros._id, listName: 'Euro list', reason: 'priced in EUR, not USD' },
    ]);
  });

  it('when an assignment names an unknown list, then 400 and the company is unchanged', async () => {
    const co = await company();
    const res = await call(shop.admin, 'put', `/companies/${co._id}`, {
      ...companyBody('Renamed'),
      priceListIds: ['b'.repeat(24)],
    }).expect(400);
    expect(res.body.error.message).toContain('does not exist');
    expect((await shop.store.companies.get(co._id))?.name).toBe(co.name);
  });

  it('when explain is asked about an unknown SKU or company, then 404; signed out, 401', async () => {
    const drill = await tool();
    await call(shop.admin, 'get', '/pricing/explain?sku=NOPE-1').expect(404);
    await call(
      shop.admin,
      'get',
      `/pricing/explain?sku=${drill.sku}&companyId=${'c'.repeat(24)}`,
    ).expect(404);
    await call(null, 'get', `/pricing/explain?sku=${drill.sku}`).expect(401);
    await call(shop.admin, 'get', '/pricing/explain?sku=').expect(400);
  });

  it('when a list is deleted, then it leaves the companies it was assigned to', async () => {
    const list = await newList({ name: 'Short-lived', lines: [{ percentOff: 10 }] });
    const co = await company();
    await call(shop.admin, 'put', `/companies/${co._id}`, {
      ...companyBody(co.name),
      priceListIds: [list._id],
    }).expect(200);
    expect((await call(shop.admin, 'get', `/price-lists/${list._id}`)).body.companyIds).toEqual([
      co._id,
    ]);
    await call(shop.admin, 'delete', `/price-lists/${list._id}`).expect(204);
    const after = await call(shop.admin, 'get', `/companies/${co._id}`).expect(200);
    expect(after.body.priceListIds).toEqual([]);
  });
});
