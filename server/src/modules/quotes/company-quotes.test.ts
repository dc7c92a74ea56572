import request from 'supertest';
import { beforeAll, describe, expect, it } from 'vitest';
import { QuoteSchema } from '@toolworks/contract/quotes';
import { loadConfig } from '../../config.js';
import { buildTool } from '../../test/factories.js';
import { signInToShop, type ShopSession } from '../../test/sign-in.js';
import { useTestApp } from '../../test/test-app.js';
import { createTradeCompany } from '../../test/trade-company.js';

const shop = useTestApp(
  loadConfig({
    ...process.env,
    AUTH_RATE_LIMIT_PER_MINUTE: '100000',
    ORDER_RATE_LIMIT_PER_MINUTE: '100000',
  }),
);
let toolId: string;
beforeAll(async () => {
  toolId = (
    await shop.store.tools.create(
      buildTool({ priceCents: 1000, availableQuantity: 500, minimumOrderQuantity: 1 }),
    )
  )._id;
});

const as = (who: ShopSession, req: request.Test) => req.set('Authorization', who.bearer);
const email = (who: ShopSession) => who.email.toLowerCase();
const ask = (who: ShopSession, quantity: number) =>
  as(who, request(shop.app).post('/api/quotes'))
    .send({
      items: [{ toolId, quantity }],
      userPhone: '+1 555 0100',
      userAddress: '1 Mill Road, Leeds',
    })
    .expect(201);
const companyQuotes = (who: ShopSession) => as(who, request(shop.app).get('/api/company/quotes'));

describe('GET /api/company/quotes', () => {
  it("when members ask for quotes, then the company-admin and approvers see every member's, a buyer only their own, an outsider 403", async () => {
    const [boss, approver, buyer, colleague, outsider] = await Promise.all(
      ['Bea Boss', 'Al Approver', 'Bo Buyer', 'Cy Colleague', 'Oz Outsider'].map((displayName) =>
        signInToShop(shop.app, shop.store, { displayName }),
      ),
    );
    const companyId = await createTradeCompany(shop.store, boss!, {
      company: { name: 'Quotes Ltd', paymentTerms: 'none', creditLimitCents: 0 },
      members: [
        { ...approver!, role: 'approver' },
        { ...buyer!, role: 'buyer' },
        { ...colleague!, role: 'buyer' },
      ],
    });
    const first = (await ask(buyer!, 10)).body.number as string;
    const second = (await ask(colleague!, 20)).body.number as string;
    const third = (await ask(boss!, 30)).body.number as string;
    await ask(outsider!, 40);

    const seen = async (who: ShopSession) =>
      QuoteSchema.array()
        .parse((await companyQuotes(who).expect(200)).body)
        .map((q) => q.number);
    expect(await seen(boss!)).toEqual([third, second, first]);
    expect(await seen(approver!)).toEqual([third, second, first]);
    expect(await seen(buyer!)).toEqual([first]);
    const refused = await companyQuotes(outsider!).expect(403);
    expect(refused.body.error.message).toBe('You are not a member of a company');
    await request(shop.app).get('/api/company/quotes').expect(401);

    // A member who leaves takes their quotes along.
    expect(await shop.store.companies.removeMember(companyId, email(colleague!))).toBe('REMOVED');
    expect(await seen(boss!)).toEqual([third, first]);
  });
});
