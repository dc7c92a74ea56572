import request from 'supertest';
import { describe, expect, it } from 'vitest';
import { MyCompanySchema } from '@toolworks/contract/companies';
import { loadConfig } from '../../config.js';
import { buildTool } from '../../test/factories.js';
import { useTestApp } from '../../test/test-app.js';
import { signInToShop, type ShopSession } from '../../test/sign-in.js';
import { createTradeCompany } from '../../test/trade-company.js';

const shop = useTestApp(
  loadConfig({
    ...process.env,
    AUTH_RATE_LIMIT_PER_MINUTE: '100000',
    ORDER_RATE_LIMIT_PER_MINUTE: '100000',
  }),
);

const as = (who: ShopSession, req: request.Test) => req.set('Authorization', who.bearer);
const myCompany = async (who: ShopSession) =>
  MyCompanySchema.parse((await as(who, request(shop.app).get('/api/company')).expect(200)).body);

describe('GET /api/company: what the signed-in member may buy', () => {
  it("when a buyer has limits and has ordered this month, then they see their limits, the month's spend and the company's credit left", async () => {
    const [boss, buyer] = await Promise.all(
      ['Bea Boss', 'Bo Buyer'].map((displayName) =>
        signInToShop(shop.app, shop.store, { displayName }),
      ),
    );
    const companyId = await createTradeCompany(shop.store, boss!, {
      company: { paymentTerms: 'net-30', creditLimitCents: 500_000 },
      members: [{ ...buyer!, role: 'buyer' }],
    });
    await shop.store.companies.updateMember(companyId, buyer!.email.toLowerCase(), {
      spendingLimitPerOrderCents: 100_000,
      spendingLimitPerMonthCents: 300_000,
    });
    const tool = await shop.store.tools.create(
      buildTool({ priceCents: 1000, availableQuantity: 500, minimumOrderQuantity: 1 }),
    );
    await as(buyer!, request(shop.app).put(`/api/cart/${tool._id}`))
      .send({ quantity: 40 })
      .expect(200);
    await as(buyer!, request(shop.app).post('/api/checkout'))
      .send({
        userPhone: '+1 555 0100',
        userAddress: '1 Quay Street, Bristol',
        expectedTotal: 400,
        paymentMethod: 'invoice',
      })
      .expect(201);

    expect((await myCompany(buyer!)).buying).toEqual({
      spendingLimitPerOrder: 1000,
      spendingLimitPerMonth: 3000,
      spentThisMonth: 400,
      creditLeft: 4600,
    });
  });

  it('when a member has no limits and the company no terms, then no limit and no credit show', async () => {
    const boss = await signInToShop(shop.app, shop.store, { displayName: 'Cy Boss' });
    await createTradeCompany(shop.store, boss, {
      company: { paymentTerms: 'none', creditLimitCents: 0 },
    });
    expect((await myCompany(boss)).buying).toEqual({
      spendingLimitPerOrder: null,
      spendingLimitPerMonth: null,
      spentThisMonth: 0,
      creditLeft: null,
    });
  });

  it('when the caller is in no company, then there is nothing to show', async () => {
    const loner = await signInToShop(shop.app, shop.store, { displayName: 'Lo Ner' });
    expect((await myCompany(loner)).buying).toBeUndefined();
  });
});
