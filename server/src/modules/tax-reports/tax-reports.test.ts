import request from 'supertest';
import { beforeAll, describe, expect, it } from 'vitest';
import type { TaxSummary } from '@toolworks/contract/tax';
import { parseCsv } from '../../lib/csv.js';
import type { ShopSession } from '../../test/sign-in.js';
import { buildTool } from '../../test/factories.js';
import { testConfig, useSignedIn, useTestApp, type TestApp } from '../../test/test-app.js';
import { createTradeCompany } from '../../test/trade-company.js';
import type { Id } from '../../store/store.js';

// Issue 51: the admin's tax reports, from orders placed through checkout as buyers place them.

const NOV_2026 = () => new Date('2026-11-20T10:00:00.000Z');
const FRENCH_VAT_ID = 'FR40303265045';

/** Fills the buyer's cart with these lines, checks out to `shipTo` at the total shown; the order's id. */
async function buy(
  shop: TestApp,
  who: ShopSession,
  lines: [Id, number][],
  shipTo: { shipToCountry: string; shipToState?: string },
): Promise<Id> {
  for (const [toolId, quantity] of lines)
    await request(shop.app)
      .put(`/api/cart/${toolId}`)
      .set('Authorization', who.bearer)
      .send({ quantity })
      .expect(200);
  const query = new URLSearchParams(shipTo).toString();
  const shown = (
    await request(shop.app)
      .get(`/api/cart/tax?${query}`)
      .set('Authorization', who.bearer)
      .expect(200)
  ).body as TaxSummary;
  const res = await request(shop.app)
    .post('/api/checkout')
    .set('Authorization', who.bearer)
    .send({
      userPhone: '+33 1 40 00 00 00',
      userAddress: '5 rue de la Paix, Paris',
      expectedTotal: shown.total,
      ...shipTo,
    })
    .expect(201);
  return res.body._id as Id;
}

const paid = async (shop: TestApp, orderId: Id) => {
  await shop.store.orders.markPaid(orderId, `pi_${orderId}`);
};

const get = (shop: TestApp & { admin: ShopSession }, path: string) =>
  request(shop.app).get(`/api/admin/tax/${path}`).set('Authorization', shop.admin.bearer);

/** The CSV's rows without the byte-order mark. */
const rowsOf = (text: string) => parseCsv(text.replace(/^\uFEFF/, ''));

describe('GET /api/admin/tax/* under a German seller', () => {
  let greek: Id;
  const shop = useSignedIn(
    useTestApp(testConfig({ SELLER_COUNTRY: 'DE', SELLER_VAT_ID: 'DE136695976' }), {
      now: NOV_2026,
    }),
    {
      admin: { admin: true },
      company: { email: 'achat@outils-rapport.fr' },
      claire: { email: 'claire@rapports-oss.fr' },
      eleni: { email: 'eleni@rapports-oss.gr' },
    },
  );

  beforeAll(async () => {
    const tool = await shop.store.tools.create(
      buildTool({ name: 'Ratchet Set', priceCents: 2500, availableQuantity: 10_000 }),
    );
    const manual = await shop.store.tools.create(
      buildTool({ name: 'Workshop Manual', priceCents: 1000, taxClass: 'reduced' }),
    );
    const companyId = await createTradeCompany(shop.store, shop.company, {
      company: { vatId: FRENCH_VAT_ID },
    });
    await shop.store.companies.recordVatCheck(companyId, FRENCH_VAT_ID, {
      status: 'valid',
      evidence: {
        requestIdentifier: 'WAPIAAAAW1',
        name: 'Outils de Paris',
        address: 'Paris',
        requestDate: '2026-11-20',
        checkedAt: '2026-11-20T09:00:00.000Z',
      },
      attempts: 0,
    });
    // 0% K: 10 x 25.00.
    await paid(shop, await buy(shop, shop.company, [[tool._id, 10]], { shipToCountry: 'FR' }));
    // EUR 10,000 to a French consumer: at the threshold, still German VAT.
    await paid(shop, await buy(shop, shop.claire, [[tool._id, 400]], { shipToCountry: 'FR' }));
    // Above it, French VAT: 250.00 at 20% and 100.00 at 5.5% in one order.
    await paid(
      shop,
      await buy(
        shop,
        shop.claire,
        [
          [tool._id, 10],
          [manual._id, 10],
        ],
        { shipToCountry: 'FR' },
      ),
    );
    // Greek VAT: 250.00 at 24%.
    greek = await buy(shop, shop.eleni, [[tool._id, 10]], { shipToCountry: 'GR' });
    await paid(shop, greek);
    // Placed, never paid: no report counts it.
    await buy(shop, shop.eleni, [[tool._id, 20]], { shipToCountry: 'GR' });
  });

  it('when the EC Sales List of the quarter is downloaded, then one row per buyer VAT ID with its net total', async () => {
    const res = await get(shop, 'ec-sales-list.csv?quarter=2026-Q4').expect(200);
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(res.headers['content-disposition']).toBe(
      'attachment; filename="ec-sales-list-2026-Q4.csv"',
    );
    expect(res.headers['cache-control']).toBe('no-store');
    expect(rowsOf(res.text)).toEqual([
      ['Country code', 'VAT number', 'Total value of supplies'],
      ['FR', '40303265045', '250.00'],
    ]);
  });

  it('when the OSS return of the quarter is downloaded, then the sales taxed at the destination per country and rate, unpaid orders left out', async () => {
    const res = await get(shop, 'oss.csv?quarter=2026-Q4').expect(200);
    expect(res.headers['content-disposition']).toBe('attachment; filename="oss-2026-Q4.csv"');
    expect(rowsOf(res.text)).toEqual([
      ['Member state of consumption', 'VAT rate', 'Taxable amount', 'VAT amount', 'Orders'],
      ['FR', '5.5', '100.00', '5.50', '1'],
      ['FR', '20', '250.00', '50.00', '1'],
      ['GR', '24', '250.00', '60.00', '1'],
    ]);
  });

  it('when part of an order is refunded in the next quarter, then that quarter takes it off the OSS return, and the quarter sold stays as it was (issue 53)', async () => {
    const order = (await shop.store.orders.get(greek))!;
    const made = await shop.store.refunds.record({
      orderId: greek,
      amountCents: 6_200,
      method: 'card',
      lines: [{ toolId: order.items[0]!.toolId, quantity: 2 }],
      restock: [],
      baseCents: order.priceCents,
      now: '2027-01-10T10:00:00.000Z',
      by: 'admin@example.com',
    });
    expect(made?.outcome).toBe('RECORDED');
    const next = rowsOf((await get(shop, 'oss.csv?quarter=2027-Q1').expect(200)).text);
    expect(next.slice(1)).toEqual([['GR', '24', '-50.00', '-12.00', '1']]);
    const sold = rowsOf((await get(shop, 'oss.csv?quarter=2026-Q4').expect(200)).text);
    expect(sold).toContainEqual(['GR', '24', '250.00', '60.00', '1']);
  });

  it('when another quarter is asked for, then the header alone', async () => {
    const res = await get(shop, 'oss.csv?quarter=2026-Q3').expect(200);
    expect(rowsOf(res.text)).toHaveLength(1);
  });

  it('when the EU distance sales meter is read, then this year above EUR 10,000; next year over because of this one', async () => {
    const now = (await get(shop, 'eu-distance-sales').expect(200)).body;
    expect(now).toEqual({
      year: 2026,
      currency: 'USD',
      thisYear: 10_600,
      lastYear: 0,
      threshold: 10_000,
      percent: 106,
      overLastYear: false,
      overThisYear: true,
      over: true,
    });
    const next = (await get(shop, 'eu-distance-sales?year=2027').expect(200)).body;
    expect(next).toMatchObject({ thisYear: 0, lastYear: 10_600, overLastYear: true, over: true });
  });

  it.each([
    ['ec-sales-list.csv?quarter=2026-Q5', 'quarter'],
    ['oss.csv?quarter=2026Q4', 'quarter'],
    ['oss.csv', 'quarter'],
    ['sales-tax.csv?month=2026-13', 'month'],
    ['nexus-meter?year=26', 'year'],
    ['eu-distance-sales?year=0026', 'year'],
  ])('when %s, then 400 naming the period', async (path, field) => {
    const res = await get(shop, path).expect(400);
    expect(res.body.error).toMatchObject({ code: 'VALIDATION_ERROR' });
    expect(res.body.error.details[0].path).toBe(field);
  });
});

describe('GET /api/admin/tax/* under a US seller', () => {
  const shop = useSignedIn(
    useTestApp(testConfig({ SELLER_COUNTRY: 'US', SELLER_STATE: 'NY' }), { now: NOV_2026 }),
    { admin: { admin: true }, buyer: { email: 'sam@reports-sales-tax.com' } },
  );

  beforeAll(async () => {
    const tool = await shop.store.tools.create(buildTool({ priceCents: 2500 }));
    // No state has nexus yet (the admin's settings): every line is us-no-nexus, 0%.
    await paid(
      shop,
      await buy(shop, shop.buyer, [[tool._id, 10]], { shipToCountry: 'US', shipToState: 'CA' }),
    );
    await paid(
      shop,
      await buy(shop, shop.buyer, [[tool._id, 12]], { shipToCountry: 'US', shipToState: 'NY' }),
    );
    await paid(
      shop,
      await buy(shop, shop.buyer, [[tool._id, 10]], { shipToCountry: 'US', shipToState: 'NY' }),
    );
    await buy(shop, shop.buyer, [[tool._id, 10]], { shipToCountry: 'US', shipToState: 'TX' });
  });

  it('when the month of sales tax is downloaded, then per state the sales without nexus', async () => {
    const res = await get(shop, 'sales-tax.csv?month=2026-11').expect(200);
    expect(res.headers['content-disposition']).toBe('attachment; filename="sales-tax-2026-11.csv"');
    expect(rowsOf(res.text)).toEqual([
      ['State', 'Taxable sales', 'Exempt sales', 'Sales without nexus', 'Sales tax', 'Orders'],
      ['CA', '0.00', '0.00', '250.00', '0.00', '1'],
      ['NY', '0.00', '0.00', '550.00', '0.00', '2'],
    ]);
  });

  it('when the nexus meter is read, then this year per state, most revenue first, against $100,000 and 200 orders', async () => {
    const res = await get(shop, 'nexus-meter').expect(200);
    expect(res.body).toEqual({
      year: 2026,
      revenueThreshold: 100_000,
      ordersThreshold: 200,
      states: [
        {
          state: 'NY',
          revenue: 550,
          orders: 2,
          crossedRevenue: false,
          crossedOrders: false,
          crossed: false,
          revenuePercent: 0,
          ordersPercent: 1,
        },
        {
          state: 'CA',
          revenue: 250,
          orders: 1,
          crossedRevenue: false,
          crossedOrders: false,
          crossed: false,
          revenuePercent: 0,
          ordersPercent: 0,
        },
      ],
    });
    expect((await get(shop, 'nexus-meter?year=2025').expect(200)).body.states).toEqual([]);
  });

  it('when a customer asks for a report, then 403', async () => {
    await request(shop.app)
      .get('/api/admin/tax/sales-tax.csv?month=2026-11')
      .set('Authorization', shop.buyer.bearer)
      .expect(403);
  });
});
