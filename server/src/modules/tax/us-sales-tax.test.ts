import request from 'supertest';
import { beforeAll, describe, expect, it } from 'vitest';
import type { Order } from '@toolworks/contract/orders';
import type { TaxSummary } from '@toolworks/contract/tax';
import type { ShopSession } from '../../test/sign-in.js';
import { buildTool } from '../../test/factories.js';
import { testConfig, useSignedIn, useTestApp } from '../../test/test-app.js';
import { createTradeCompany } from '../../test/trade-company.js';
import type { Id } from '../../store/store.js';

// Issue 51: the admin's nexus states and a company's resale certificates, as the order sees them.

const shop = useSignedIn(useTestApp(testConfig({ SELLER_COUNTRY: 'US', SELLER_STATE: 'NY' })), {
  admin: { displayName: 'Ada Admin', admin: true },
  consumer: { email: 'pat@example.com' },
  reseller: { email: 'buyer@hudson-resale.example' },
});
const as = (who: ShopSession, req: request.Test) => req.set('Authorization', who.bearer);

let toolId: Id;
let resellerCompany: Id;
beforeAll(async () => {
  // 10 x $10.00 = $100.00 net.
  toolId = (await shop.store.tools.create(buildTool({ name: 'Pipe Wrench', priceCents: 1000 })))
    ._id;
  resellerCompany = await createTradeCompany(shop.store, shop.reseller, {
    company: { vatId: '12-3456789', paymentTerms: 'none' },
  });
});

const fillCart = async (who: ShopSession) => {
  await as(who, request(shop.app).put(`/api/cart/${toolId}`))
    .send({ quantity: 10 })
    .expect(200);
};
const cartTax = async (who: ShopSession, state: string) =>
  (await as(who, request(shop.app).get(`/api/cart/tax?shipToCountry=US&shipToState=${state}`)))
    .body as TaxSummary;

describe('US sales tax from the admin settings', () => {
  it('when the admin adds NY at 8.875%, then an order shipped to NY is taxed so, and TX (no nexus) is not', async () => {
    await fillCart(shop.consumer);
    expect((await cartTax(shop.consumer, 'NY')).lines[0]).toMatchObject({
      ratePercent: 0,
      category: 'O',
    });
    await as(shop.admin, request(shop.app).put('/api/admin/tax/nexus/NY'))
      .send({ ratePercent: 8.875 })
      .expect(200);
    const ny = await cartTax(shop.consumer, 'NY');
    expect(ny.lines[0]).toMatchObject({ ratePercent: 8.875, category: 'S' });
    expect(ny.tax).toBe(8.88);
    expect((await cartTax(shop.consumer, 'TX')).lines[0]).toMatchObject({
      ratePercent: 0,
      category: 'O',
      reason: 'No sales tax nexus in TX',
    });
  });

  it('when a reseller has a certificate for NY, then its NY order pays no sales tax (E) until the certificate is deleted', async () => {
    await as(shop.admin, request(shop.app).put('/api/admin/tax/nexus/NY'))
      .send({ ratePercent: 8.875 })
      .expect(200);
    await fillCart(shop.reseller);
    expect((await cartTax(shop.reseller, 'NY')).lines[0]).toMatchObject({ category: 'S' });
    const cert = await as(
      shop.admin,
      request(shop.app).post(`/api/companies/${resellerCompany}/resale-certificates`),
    )
      .query({ number: 'NY-RS-77', state: 'NY', expiresOn: '2999-12-31' })
      .set('Content-Type', 'application/pdf')
      .send(Buffer.from('%PDF-1.4\n%%EOF\n'))
      .expect(201);
    expect((await cartTax(shop.reseller, 'NY')).lines[0]).toMatchObject({
      ratePercent: 0,
      category: 'E',
      reason: 'Resale exemption certificate NY-RS-77',
    });
    const placed = (
      await as(shop.reseller, request(shop.app).post('/api/checkout'))
        .send({
          userPhone: '+1 518 555 0100',
          userAddress: '1 State Street, Albany NY',
          shipToCountry: 'US',
          shipToState: 'NY',
          expectedTotal: 100,
        })
        .expect(201)
    ).body as Order;
    expect(placed.items[0]?.tax).toMatchObject({ ratePercent: 0, category: 'E' });

    await as(
      shop.admin,
      request(shop.app).delete(
        `/api/companies/${resellerCompany}/resale-certificates/${cert.body._id}`,
      ),
    ).expect(204);
    await fillCart(shop.reseller);
    expect((await cartTax(shop.reseller, 'NY')).lines[0]).toMatchObject({
      ratePercent: 8.875,
      category: 'S',
    });
  });
});
