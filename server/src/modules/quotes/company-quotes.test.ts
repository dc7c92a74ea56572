import request from 'supertest';
import { beforeAll, describe, expect, it } from 'vitest';
import { QuoteSchema } from '@toolworks/contract/quotes';
import { loadConfig } from '../../config.js';
import type { CompanyRoleValue } from '../../store/store.js';
import { buildTool } from '../../test/factories.js';
import { signInToShop, type ShopSession } from '../../test/sign-in.js';
import { useTestApp } from '../../test/test-app.js';

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
    const created = await shop.store.companies.create(
      {
        name: 'Quotes Ltd',
        vatId: 'GB123456789',
        billingAddress: '1 Quay Street, Bristol',
        deliveryAddresses: [{ label: 'Main', address: '1 Quay Street, Bristol' }],
        paymentTerms: 'none',
        creditLimitCents: 0,
      },
      { email: email(boss!) },
    );
    if (created === 'ALREADY_MEMBER') throw new Error('unexpected');
    const join = async (who: ShopSession, role: CompanyRoleValue) => {
      const tokenHash = `quotes-${who.email}`.padEnd(64, '0').slice(0, 64);
      await shop.store.companies.invite({
        companyId: created._id,
        email: email(who),
        role,
        tokenHash,
        invitedBy: email(boss!),
        expiresAt: '2999-01-01T00:00:00.000Z',
      });
      await shop.store.companies.acceptInvitation(
        tokenHash,
        { email: email(who) },
        new Date().toISOString(),
      );
    };
    await join(approver!, 'approver');
    await join(buyer!, 'buyer');
    await join(colleague!, 'buyer');
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
    expect(await shop.store.companies.removeMember(created._id, email(colleague!))).toBe('REMOVED');
    expect(await seen(boss!)).toEqual([third, first]);
  });
});
