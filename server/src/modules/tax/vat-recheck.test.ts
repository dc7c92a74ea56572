import request from 'supertest';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { TaxSummary } from '@toolworks/contract/tax';
import { buildTool } from '../../test/factories.js';
import { startFakeVies, viesFault, viesValid, type FakeVies } from '../../test/fake-vies.js';
import type { ShopSession } from '../../test/sign-in.js';
import { testConfig, useSignedIn, useTestApp } from '../../test/test-app.js';
import { createTradeCompany } from '../../test/trade-company.js';

// Issue 51: a valid VAT ID is confirmed again before the first order it exempts after 30 days.

const FRENCH_VAT_ID = 'FR40303265045';
const DAY_MS = 86_400_000;

let vies: FakeVies;
beforeAll(async () => {
  vies = await startFakeVies();
});
afterAll(() => vies.close());
beforeEach(() => {
  vies.requests.length = 0;
  vies.reply((req) => viesValid(req));
});

const shop = useSignedIn(
  useTestApp(() =>
    testConfig({
      VIES_URL: vies.url,
      VIES_TIMEOUT_MS: '300',
      SELLER_COUNTRY: 'DE',
      SELLER_VAT_ID: 'DE136695976',
    }),
  ),
  { stale: { email: 'stale@outils.fr' }, fresh: { email: 'fresh@outils.fr' } },
);

/** A French company whose ID VIES confirmed `daysAgo` days ago, with a line in the cart. */
async function confirmedCompany(who: ShopSession, daysAgo: number) {
  const companyId = await createTradeCompany(shop.store, who, {
    company: { vatId: FRENCH_VAT_ID },
  });
  const checkedAt = new Date(Date.now() - daysAgo * DAY_MS).toISOString();
  await shop.store.companies.recordVatCheck(companyId, FRENCH_VAT_ID, {
    status: 'valid',
    evidence: {
      requestIdentifier: 'WAPIOLD',
      name: 'OUTILS',
      address: 'PARIS',
      requestDate: checkedAt,
      checkedAt,
    },
    checkDueAt: new Date(Date.parse(checkedAt) + 30 * DAY_MS).toISOString(),
    attempts: 0,
  });
  const tool = await shop.store.tools.create(buildTool({ priceCents: 2500 }));
  await request(shop.app)
    .put(`/api/cart/${tool._id}`)
    .set('Authorization', who.bearer)
    .send({ quantity: 10 })
    .expect(200);
  return companyId;
}

const taxTo = async (who: ShopSession, country: string) =>
  (
    await request(shop.app)
      .get(`/api/cart/tax?shipToCountry=${country}`)
      .set('Authorization', who.bearer)
      .expect(200)
  ).body as TaxSummary;

describe('a valid VAT ID confirmed over 30 days ago', () => {
  beforeAll(async () => {
    await confirmedCompany(shop.stale, 40);
    await confirmedCompany(shop.fresh, 5);
  });

  it('when VIES now calls it invalid, then the order pays German VAT and the company shows invalid', async () => {
    vies.reply((req) => viesValid(req, false));
    const shown = await taxTo(shop.stale, 'FR');
    expect(vies.requests).toHaveLength(1);
    expect(shown.lines[0]).toMatchObject({ ratePercent: 19, category: 'S' });
    const membership = await shop.store.companies.membershipOf(shop.stale.email);
    expect(membership?.company.vatStatus).toBe('invalid');
  });

  it('when VIES cannot answer, then the ID stays valid and the supply stays exempt', async () => {
    const company = (await shop.store.companies.membershipOf(shop.stale.email))!.company;
    // Back to valid, confirmed long ago.
    const checkedAt = new Date(Date.now() - 40 * DAY_MS).toISOString();
    await shop.store.companies.recordVatCheck(company._id, FRENCH_VAT_ID, {
      status: 'valid',
      evidence: {
        requestIdentifier: 'W',
        name: 'O',
        address: 'P',
        requestDate: checkedAt,
        checkedAt,
      },
      attempts: 0,
    });
    vies.reply(() => viesFault('MS_UNAVAILABLE'));
    const shown = await taxTo(shop.stale, 'FR');
    expect(vies.requests).toHaveLength(1);
    expect(shown.lines[0]).toMatchObject({ ratePercent: 0, category: 'K' });
  });

  it('when the ID was confirmed 5 days ago, then VIES is not asked', async () => {
    const shown = await taxTo(shop.fresh, 'FR');
    expect(vies.requests).toHaveLength(0);
    expect(shown.lines[0]).toMatchObject({ category: 'K' });
  });
});
