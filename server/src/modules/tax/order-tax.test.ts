import request from 'supertest';
import { beforeAll, describe, expect, it } from 'vitest';
import type { Order } from '@toolworks/contract/orders';
import type { TaxSummary } from '@toolworks/contract/tax';
import type { ShopSession } from '../../test/sign-in.js';
import { buildTool } from '../../test/factories.js';
import { testConfig, useSignedIn, useTestApp, type TestApp } from '../../test/test-app.js';
import { createTradeCompany } from '../../test/trade-company.js';
import type { Id, Store } from '../../store/store.js';
import { pdfText } from '../../test/smtp-catcher.js';

const binary = (res: request.Response, done: (err: Error | null, body: Buffer) => void) => {
  const chunks: Buffer[] = [];
  res.on('data', (chunk: Buffer) => chunks.push(chunk));
  res.on('end', () => done(null, Buffer.concat(chunks)));
};

// Issue 51: every order line's tax decided when the order is placed, shown before it is.

const GERMAN_SELLER = { SELLER_COUNTRY: 'DE', SELLER_VAT_ID: 'DE136695976' };
const FRENCH_VAT_ID = 'FR40303265045';

const cartTax = (shop: TestApp, who: ShopSession, query = '') =>
  request(shop.app).get(`/api/cart/tax${query}`).set('Authorization', who.bearer);

const fillCart = async (shop: TestApp, who: ShopSession, toolId: Id, quantity: number) => {
  for (const line of (await request(shop.app).get('/api/cart').set('Authorization', who.bearer))
    .body.items as { toolId: string }[])
    await request(shop.app).delete(`/api/cart/${line.toolId}`).set('Authorization', who.bearer);
  await request(shop.app)
    .put(`/api/cart/${toolId}`)
    .set('Authorization', who.bearer)
    .send({ quantity })
    .expect(200);
};

const checkout = (shop: TestApp, who: ShopSession, body: Record<string, unknown>) =>
  request(shop.app)
    .post('/api/checkout')
    .set('Authorization', who.bearer)
    .send({ userPhone: '+33 1 40 00 00 00', userAddress: '5 rue de la Paix, Paris', ...body });

const frenchCompany = async (store: Store, who: ShopSession, status: 'valid' | 'pending') => {
  const companyId = await createTradeCompany(store, who, { company: { vatId: FRENCH_VAT_ID } });
  if (status === 'valid')
    await store.companies.recordVatCheck(companyId, FRENCH_VAT_ID, {
      status: 'valid',
      evidence: {
        requestIdentifier: 'WAPIAAAAW1',
        name: 'Outils de Paris',
        address: 'Paris',
        requestDate: '2026-11-28',
        checkedAt: '2026-11-28T09:00:00.000Z',
      },
      attempts: 0,
    });
  return companyId;
};

describe('a German seller', () => {
  const shop = useSignedIn(useTestApp(testConfig(GERMAN_SELLER)), {
    verified: { email: 'achat@outils-verified.fr' },
    pending: { email: 'achat@outils-pending.fr' },
    consumer: { email: 'claire@example.fr' },
  });
  let toolId: Id;
  let bookId: Id;
  beforeAll(async () => {
    // 10 x EUR 25.00 = 250.00 net.
    toolId = (await shop.store.tools.create(buildTool({ name: 'Ratchet Set', priceCents: 2500 })))
      ._id;
    bookId = (
      await shop.store.tools.create(
        buildTool({ name: 'Workshop Manual', priceCents: 1000, taxClass: 'reduced' }),
      )
    )._id;
    await frenchCompany(shop.store, shop.verified, 'valid');
    await frenchCompany(shop.store, shop.pending, 'pending');
  });

  it('when a French company with a verified VAT ID checks out to France, then 0% K "Intra-Community supply" on every line, both IDs kept, the net total charged', async () => {
    await fillCart(shop, shop.verified, toolId, 10);
    const shown = (await cartTax(shop, shop.verified, '?shipToCountry=FR').expect(200))
      .body as TaxSummary;
    expect(shown).toEqual({
      shipToCountry: 'FR',
      pricesIncludeTax: false,
      lines: [
        {
          toolId,
          ratePercent: 0,
          category: 'K',
          reason: 'Intra-Community supply',
          vatex: 'VATEX-EU-IC',
          tax: 0,
        },
      ],
      breakdown: [
        { category: 'K', ratePercent: 0, reason: 'Intra-Community supply', taxable: 250, tax: 0 },
      ],
      tax: 0,
      total: 250,
    });
    const res = await checkout(shop, shop.verified, {
      shipToCountry: 'FR',
      expectedTotal: shown.total,
    }).expect(201);
    const order = res.body as Order;
    expect(order.price).toBe(250);
    expect(order.items[0]?.tax).toEqual({
      ratePercent: 0,
      category: 'K',
      reason: 'Intra-Community supply',
      vatex: 'VATEX-EU-IC',
      tax: 0,
    });
    expect(order.tax).toMatchObject({
      shipToCountry: 'FR',
      buyerVatId: FRENCH_VAT_ID,
      pricesIncludeTax: false,
      tax: 0,
    });
    // As stored, read back.
    const read = await request(shop.app)
      .get(`/api/order/${order._id}`)
      .set('Authorization', shop.verified.bearer)
      .expect(200);
    expect((read.body as Order).tax?.breakdown).toEqual(shown.breakdown);
  });

  it('when the same company has not been verified yet, then it pays German VAT on top of the net price', async () => {
    await fillCart(shop, shop.pending, toolId, 10);
    const shown = (await cartTax(shop, shop.pending, '?shipToCountry=FR').expect(200))
      .body as TaxSummary;
    expect(shown.lines).toEqual([{ toolId, ratePercent: 19, category: 'S', tax: 47.5 }]);
    expect(shown).toMatchObject({ tax: 47.5, total: 297.5 });
    const order = (
      await checkout(shop, shop.pending, { shipToCountry: 'FR', expectedTotal: 297.5 }).expect(201)
    ).body as Order;
    expect(order.price).toBe(297.5);
    expect(order.tax?.breakdown).toEqual([
      { category: 'S', ratePercent: 19, taxable: 250, tax: 47.5 },
    ]);
  });

  it('when the buyer was shown the net total but tax applies, then 409 PRICE_CHANGED with the total to pay, and nothing is placed', async () => {
    await fillCart(shop, shop.pending, toolId, 10);
    const res = await checkout(shop, shop.pending, { shipToCountry: 'FR', expectedTotal: 250 });
    expect(res.status).toBe(409);
    expect(res.body.error).toMatchObject({ code: 'PRICE_CHANGED', details: { total: 297.5 } });
    const cart = await request(shop.app).get('/api/cart').set('Authorization', shop.pending.bearer);
    expect(cart.body.items).toHaveLength(1);
  });

  it('when a consumer ships at home, then each tool at its class: 19% standard, 7% reduced, summed per rate', async () => {
    await fillCart(shop, shop.consumer, toolId, 10);
    await request(shop.app)
      .put(`/api/cart/${bookId}`)
      .set('Authorization', shop.consumer.bearer)
      .send({ quantity: 10 })
      .expect(200);
    const shown = (await cartTax(shop, shop.consumer).expect(200)).body as TaxSummary;
    expect(shown.shipToCountry).toBe('DE');
    expect(shown.breakdown).toEqual([
      { category: 'S', ratePercent: 7, taxable: 100, tax: 7 },
      { category: 'S', ratePercent: 19, taxable: 250, tax: 47.5 },
    ]);
    expect(shown).toMatchObject({ tax: 54.5, total: 404.5 });
  });

  it('when it ships outside the EU, then 0% G "Export outside the EU"', async () => {
    await fillCart(shop, shop.consumer, toolId, 10);
    const shown = (await cartTax(shop, shop.consumer, '?shipToCountry=CH').expect(200))
      .body as TaxSummary;
    expect(shown.lines).toEqual([
      {
        toolId,
        ratePercent: 0,
        category: 'G',
        reason: 'Export outside the EU',
        vatex: 'VATEX-EU-G',
        tax: 0,
      },
    ]);
  });

  it('when a consumer in France buys while the year stays under EUR 10,000, then German VAT; once above it, French VAT', async () => {
    await fillCart(shop, shop.consumer, toolId, 10);
    const before = (await cartTax(shop, shop.consumer, '?shipToCountry=FR').expect(200))
      .body as TaxSummary;
    expect(before.lines[0]).toMatchObject({ ratePercent: 19, category: 'S' });
    // An order of 400 x EUR 25.00 = 10,000 net, paid: exactly the threshold still taxes at home.
    await fillCart(shop, shop.consumer, toolId, 400);
    const big = (
      await checkout(shop, shop.consumer, { shipToCountry: 'FR', expectedTotal: 11_900 }).expect(
        201,
      )
    ).body as Order;
    expect(big.items[0]?.tax).toMatchObject({ ratePercent: 19 });
    await shop.store.orders.markPaid(big._id, 'pi_threshold');
    await fillCart(shop, shop.consumer, toolId, 10);
    const after = (await cartTax(shop, shop.consumer, '?shipToCountry=FR').expect(200))
      .body as TaxSummary;
    expect(after.lines[0]).toMatchObject({ ratePercent: 20, category: 'S' });
    expect(after.total).toBe(300);
  });

  it('when a state is named for an address outside the US, then 400 naming the field', async () => {
    const res = await cartTax(shop, shop.consumer, '?shipToCountry=FR&shipToState=NY');
    expect(res.status).toBe(400);
    expect(res.body.error.details).toEqual([
      { path: 'shipToState', message: 'Ship-to state is only for an address in the US' },
    ]);
  });

  it('when the verified company pays its order, then the invoice shows both VAT IDs, the line at 0% with its reason, the breakdown and the law it rests on', async () => {
    await fillCart(shop, shop.verified, toolId, 10);
    const order = (
      await checkout(shop, shop.verified, { shipToCountry: 'FR', expectedTotal: 250 }).expect(201)
    ).body as Order;
    await shop.store.orders.markPaid(order._id, 'pi_ic_supply');
    const pdf = await request(shop.app)
      .get(`/api/order/${order._id}/invoice.pdf`)
      .set('Authorization', shop.verified.bearer)
      .buffer(true)
      .parse(binary)
      .expect(200);
    const text = await pdfText(pdf.body as Buffer);
    for (const expected of [
      'VAT ID: DE136695976',
      `VAT ID: ${FRENCH_VAT_ID}`,
      '0%: Intra-Community supply',
      'Net total',
      'Intra-Community supply, 0% on $250.00',
      'Article 138',
      '$250.00',
    ])
      expect(text).toContain(expected);
    expect(text).not.toContain('VAT 19%');
  });

  it('when the unverified company pays on invoice, then its invoice adds German VAT: net, VAT 19% on the net, the total due', async () => {
    await fillCart(shop, shop.pending, toolId, 10);
    const order = (
      await checkout(shop, shop.pending, {
        shipToCountry: 'FR',
        expectedTotal: 297.5,
        paymentMethod: 'invoice',
      }).expect(201)
    ).body as Order;
    expect(order.status).toBe('confirmed');
    const invoice = await shop.store.invoices.get(order._id);
    expect(invoice?.snapshot).toMatchObject({
      subtotalCents: 25_000,
      taxCents: 4750,
      totalCents: 29_750,
      taxName: 'VAT',
      shipToCountry: 'FR',
      taxBreakdown: [{ category: 'S', ratePercent: 19, taxableCents: 25_000, taxCents: 4750 }],
    });
    const pdf = await request(shop.app)
      .get(`/api/invoices/${invoice!.number}/pdf`)
      .set('Authorization', shop.pending.bearer)
      .buffer(true)
      .parse(binary)
      .expect(200);
    const text = await pdfText(pdf.body as Buffer);
    for (const expected of ['VAT 19%', 'VAT 19% on $250.00', '$47.50', '$297.50'])
      expect(text).toContain(expected);
  });

  it('when Buy Now names a country, then its one line is taxed the same way', async () => {
    const res = await request(shop.app)
      .post('/api/addOrderItem')
      .set('Authorization', shop.pending.bearer)
      .send({
        toolId,
        quantity: 10,
        userPhone: '+33 1 40 00 00 00',
        userAddress: '5 rue de la Paix, Paris',
        expectedUnitPrice: 25,
        shipToCountry: 'FR',
      })
      .expect(201);
    expect((res.body as Order).price).toBe(297.5);
  });
});

describe('a shop with one tax rate (no SELLER_COUNTRY)', () => {
  const shop = useSignedIn(useTestApp(testConfig({ TAX_RATE_PERCENT: '20' })), {
    buyer: {},
  });

  it('when the buyer checks out, then the total is the prices as before, the tax the part of it at the one rate', async () => {
    const tool = await shop.store.tools.create(buildTool({ priceCents: 2500 }));
    await fillCart(shop, shop.buyer, tool._id, 10);
    const shown = (await cartTax(shop, shop.buyer).expect(200)).body as TaxSummary;
    expect(shown).toMatchObject({ pricesIncludeTax: true, tax: 41.67, total: 250 });
    const order = (await checkout(shop, shop.buyer, { expectedTotal: 250 }).expect(201))
      .body as Order;
    expect(order.price).toBe(250);
    expect(order.items[0]?.tax).toEqual({ ratePercent: 20, category: 'S', tax: 41.67 });
  });
});
