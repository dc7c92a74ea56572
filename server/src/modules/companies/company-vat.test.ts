import request from 'supertest';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { CompanyDetailSchema } from '@toolworks/contract/companies';
import { checkVatIdFormat } from '../../domain/vat-id.js';
import { createLogger } from '../../lib/logger.js';
import {
  closedPortUrl,
  startFakeVies,
  viesFault,
  viesValid,
  type FakeVies,
} from '../../test/fake-vies.js';
import type { ShopSession } from '../../test/sign-in.js';
import { testConfig, useSignedIn, useTestApp } from '../../test/test-app.js';
import { createVatChecks } from '../tax/index.js';

let vies: FakeVies;
beforeAll(async () => {
  vies = await startFakeVies();
});
afterAll(() => vies.close());
beforeEach(() => vies.reply((req) => viesValid(req)));

const shop = useSignedIn(
  useTestApp(() =>
    testConfig({
      VIES_URL: vies.url,
      VIES_TIMEOUT_MS: '300',
      SELLER_COUNTRY: 'DE',
      SELLER_VAT_ID: 'DE811907980',
    }),
  ),
  { admin: { displayName: 'Ada Admin', admin: true }, buyer: {} },
);

const as = (session: ShopSession, req: request.Test) => req.set('Authorization', session.bearer);

let serial = 10_000_000;
/** A German VAT ID with its right check digit, new each time. */
function germanVatId(): string {
  serial += 1;
  for (let digit = 0; digit < 10; digit++) {
    const id = `DE${serial}${digit}`;
    if (checkVatIdFormat(id).ok) return id;
  }
  throw new Error('unreachable');
}

const companyBody = (vatId: string) => ({
  name: 'Berliner Werkzeug GmbH',
  vatId,
  billingAddress: 'Hauptstrasse 1, 10115 Berlin',
  deliveryAddresses: [{ label: 'Main', address: 'Hauptstrasse 1, 10115 Berlin' }],
  paymentTerms: 'none',
  creditLimit: 0,
});

async function createCompany(vatId = germanVatId()) {
  const res = await as(shop.admin, request(shop.app).post('/api/companies'))
    .send(companyBody(vatId))
    .expect(201);
  return CompanyDetailSchema.parse(res.body);
}

const vatCheck = (id: string) =>
  as(shop.admin, request(shop.app).post(`/api/companies/${id}/vat-check`));
const MINUTE = 60_000;

describe('VAT IDs checked as they are typed', () => {
  it('when an admin saves a company with a German VAT ID whose check digit is wrong, then 400 names vatId', async () => {
    const res = await as(shop.admin, request(shop.app).post('/api/companies'))
      .send(companyBody('DE123456789'))
      .expect(400);
    expect(res.body.error.details).toEqual([
      expect.objectContaining({
        path: 'vatId',
        message: 'The check digit of this DE VAT ID is wrong',
      }),
    ]);
    const company = await createCompany();
    await as(shop.admin, request(shop.app).put(`/api/companies/${company._id}`))
      .send(companyBody('GR123456789'))
      .expect(400);
  });

  it('when a customer applies or saves a profile with a malformed member state VAT ID, then 400 names the field', async () => {
    const apply = await as(shop.buyer, request(shop.app).post('/api/trade-applications'))
      .send({
        companyName: 'Lyon Outils',
        vatId: 'FR00123456789',
        billingAddress: '1 Rue de la Paix, Lyon',
        deliveryAddress: '1 Rue de la Paix, Lyon',
        phone: '+33 4 00 00 00 00',
      })
      .expect(400);
    expect(apply.body.error.details[0].path).toBe('vatId');
    const profile = await as(shop.buyer, request(shop.app).post('/api/addUser'))
      .send({ name: 'Bea Buyer', vat_id: 'NL12345678' })
      .expect(400);
    expect(profile.body.error.details[0].path).toBe('vat_id');
  });

  it('when a company gets a member state VAT ID, then it is pending; another tax id is unchecked', async () => {
    expect((await createCompany()).vatStatus).toBe('pending');
    expect((await createCompany('12-3456789')).vatStatus).toBe('unchecked');
  });
});

describe('POST /api/companies/{id}/vat-check', () => {
  it('when VIES says valid, then the company is valid with its evidence, asked with the seller as requester', async () => {
    const company = await createCompany();
    const res = await vatCheck(company._id).expect(200);
    const checked = CompanyDetailSchema.parse(res.body);
    expect(checked).toMatchObject({
      vatStatus: 'valid',
      vatEvidence: {
        requestIdentifier: 'WAPIAAAAZ7abcdef',
        name: 'ACME WERKZEUGE GMBH',
        address: 'HAUPTSTRASSE 1\n10115 BERLIN',
        requestDate: '2026-11-29T10:15:00.000Z',
      },
    });
    const due = Date.parse(checked.vatCheckDueAt!) - Date.now();
    expect(due).toBeGreaterThan(29 * 24 * 60 * MINUTE);
    expect(vies.requests.at(-1)).toEqual({
      countryCode: 'DE',
      vatNumber: company.vatId.slice(2),
      requesterMemberStateCode: 'DE',
      requesterNumber: '811907980',
    });
  });

  it('when VIES says invalid, then the company is invalid and nothing more is scheduled', async () => {
    vies.reply((req) => viesValid(req, false));
    const res = await vatCheck((await createCompany())._id).expect(200);
    expect(res.body.vatStatus).toBe('invalid');
    expect(res.body.vatCheckDueAt).toBeUndefined();
  });

  it.each([
    ['MS_UNAVAILABLE', viesFault('MS_UNAVAILABLE')],
    ['MS_MAX_CONCURRENT_REQ', viesFault('MS_MAX_CONCURRENT_REQ')],
    ['GLOBAL_MAX_CONCURRENT_REQ', viesFault('GLOBAL_MAX_CONCURRENT_REQ', 500)],
    ['SERVICE_UNAVAILABLE', viesFault('SERVICE_UNAVAILABLE', 503)],
    ['TIMEOUT', viesFault('TIMEOUT')],
    ['TIMEOUT', 'hang' as const],
    ['NETWORK_ERROR', 'drop' as const],
    ['HTTP_502', { status: 502, body: '<html>Bad gateway</html>' }],
  ])(
    'when VIES answers %s, then the ID is unavailable, never invalid, and retried in a minute',
    async (error, reply) => {
      vies.reply(() => reply);
      const res = await vatCheck((await createCompany())._id).expect(200);
      expect(res.body).toMatchObject({ vatStatus: 'unavailable', vatLastError: error });
      const retryIn = Date.parse(res.body.vatCheckDueAt) - Date.now();
      expect(retryIn).toBeGreaterThan(0.9 * MINUTE);
      expect(retryIn).toBeLessThanOrEqual(MINUTE);
    },
  );

  it('when a verified ID meets a fault at its re-check, then it stays valid with its evidence and is retried', async () => {
    const company = await createCompany();
    await vatCheck(company._id).expect(200);
    vies.reply(() => viesFault('MS_UNAVAILABLE'));
    const res = await vatCheck(company._id).expect(200);
    expect(res.body).toMatchObject({
      vatStatus: 'valid',
      vatEvidence: { requestIdentifier: 'WAPIAAAAZ7abcdef' },
      vatLastError: 'MS_UNAVAILABLE',
    });
  });

  it('when the company is unknown, has no EU VAT ID, or the id is malformed, then 404 or 400', async () => {
    await vatCheck('0123456789abcdef01234567').expect(404);
    const res = await vatCheck((await createCompany('12-3456789'))._id).expect(400);
    expect(res.body.error.details[0].path).toBe('vatId');
    await vatCheck('nope').expect(400);
  });

  it('when the VAT ID is edited after a check, then the company is pending again', async () => {
    const company = await createCompany();
    await vatCheck(company._id).expect(200);
    const res = await as(shop.admin, request(shop.app).put(`/api/companies/${company._id}`))
      .send(companyBody(germanVatId()))
      .expect(200);
    expect(res.body.vatStatus).toBe('pending');
    expect(res.body.vatEvidence).toBeUndefined();
  });
});

describe('POST /api/companies/{id}/vat-verification', () => {
  it('when an admin records a manual verification with a note, then the company shows who, when and why', async () => {
    const company = await createCompany();
    const res = await as(
      shop.admin,
      request(shop.app).post(`/api/companies/${company._id}/vat-verification`),
    )
      .send({ note: 'VIES down for days; Bundeszentralamt confirmation letter on file' })
      .expect(200);
    expect(res.body.vatManualVerification).toEqual({
      note: 'VIES down for days; Bundeszentralamt confirmation letter on file',
      by: shop.admin.email,
      at: expect.any(String),
    });
  });

  it('when the note is missing or too long, or the company unknown, then 400 or 404', async () => {
    const company = await createCompany();
    const url = `/api/companies/${company._id}/vat-verification`;
    await as(shop.admin, request(shop.app).post(url)).send({ note: '' }).expect(400);
    await as(shop.admin, request(shop.app).post(url))
      .send({ note: 'x'.repeat(501) })
      .expect(400);
    await as(
      shop.admin,
      request(shop.app).post('/api/companies/0123456789abcdef01234567/vat-verification'),
    )
      .send({ note: 'Seen' })
      .expect(404);
  });
});

describe('the VAT check sweep', () => {
  const logger = createLogger({ logLevel: 'silent' });

  it('when companies are due, then the sweep checks them, and a fault is retried after its backoff, by any instance', async () => {
    const ok = await createCompany();
    const failing = await createCompany();
    vies.reply((req) =>
      req.vatNumber === failing.vatId.slice(2) ? viesFault('MS_UNAVAILABLE') : viesValid(req),
    );
    const instanceA = createVatChecks({ config: shop.config, store: shop.store, logger });
    await instanceA.sweep();
    expect((await shop.store.companies.get(ok._id))?.vatStatus).toBe('valid');
    expect((await shop.store.companies.get(failing._id))?.vatStatus).toBe('unavailable');
    const asked = vies.requests.length;
    await instanceA.sweep();
    expect(vies.requests.length).toBe(asked);

    // A restarted (or another) instance, two minutes on: the retry is due and VIES is back.
    vies.reply((req) => viesValid(req));
    const later = () => new Date(Date.now() + 2 * MINUTE);
    const instanceB = createVatChecks({
      config: shop.config,
      store: shop.store,
      logger,
      now: later,
    });
    await instanceB.sweep();
    expect((await shop.store.companies.get(failing._id))?.vatStatus).toBe('valid');
    // Other files' companies due again by then are checked too: count this one's requests.
    const forFailing = vies.requests
      .slice(asked)
      .filter((r) => r.vatNumber === failing.vatId.slice(2));
    expect(forFailing).toHaveLength(1);
  });
});

describe('with VIES unreachable (a closed port)', () => {
  let url = '';
  beforeAll(async () => {
    url = await closedPortUrl();
  });

  it('when the check cannot connect, then the ID is unavailable and retried', async () => {
    const company = await createCompany();
    const checks = createVatChecks({
      config: { ...shop.config, tax: { ...shop.config.tax, vies: { url, timeoutMs: 1000 } } },
      store: shop.store,
      logger: createLogger({ logLevel: 'silent' }),
    });
    const checked = await checks.checkNow((await shop.store.companies.get(company._id))!);
    expect(checked).toMatchObject({ vatStatus: 'unavailable', vatLastError: 'NETWORK_ERROR' });
    expect(checked?.vatCheckDueAt).toBeDefined();
  });
});

describe('without VIES_URL (dev and tests by default)', () => {
  it('when no VIES is configured, then nothing is asked and the ID stays pending', async () => {
    const company = await createCompany();
    const checks = createVatChecks({
      config: {
        ...shop.config,
        tax: { ...shop.config.tax, vies: { url: undefined, timeoutMs: 1000 } },
      },
      store: shop.store,
      logger: createLogger({ logLevel: 'silent' }),
    });
    const asked = vies.requests.length;
    expect(checks.enabled).toBe(false);
    expect(await checks.sweep()).toBe(0);
    expect((await checks.checkNow((await shop.store.companies.get(company._id))!))?.vatStatus).toBe(
      'pending',
    );
    expect(vies.requests.length).toBe(asked);
  });
});
