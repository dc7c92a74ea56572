import request from 'supertest';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  ExpiringCertificatesSchema,
  ResaleCertificateSchema,
  ResaleCertificatesSchema,
} from '@toolworks/contract/tax-settings';
import type { ShopSession } from '../../test/sign-in.js';
import { useSignedIn, useTestApp } from '../../test/test-app.js';
import { createTradeCompany } from '../../test/trade-company.js';
import { createTaxSettings } from './index.js';
import { testConfig } from '../../test/test-app.js';

const TODAY = '2026-11-29';
const shop = useSignedIn(useTestApp(undefined, { now: () => new Date(`${TODAY}T10:00:00Z`) }), {
  admin: { displayName: 'Ada Admin', admin: true },
  owner: { displayName: 'Olga Owner' },
  colleague: { displayName: 'Carl Buyer' },
  other: { displayName: 'Otto Other' },
});
const as = (session: ShopSession, req: request.Test) => req.set('Authorization', session.bearer);
const api = () => request(shop.app);

/** A small but real-looking PDF: what matters is its first bytes. */
const pdf = (size = 600) => {
  const head = Buffer.from('%PDF-1.7\n%\u00e2\u00e3\n1 0 obj << >> endobj\n', 'latin1');
  return Buffer.concat([head, Buffer.alloc(Math.max(0, size - head.length), 0x20)]);
};

let companyId: string;
let otherCompanyId: string;
beforeAll(async () => {
  companyId = await createTradeCompany(shop.store, shop.owner, {
    members: [{ ...shop.colleague, role: 'buyer' }],
  });
  otherCompanyId = await createTradeCompany(shop.store, shop.other);
});

const upload = (
  who: ShopSession,
  fields: Record<string, string>,
  body: Buffer = pdf(),
  type = 'application/pdf',
  company = companyId,
) =>
  as(who, api().post(`/api/companies/${company}/resale-certificates`))
    .query(fields)
    .set('Content-Type', type)
    .send(body);

const fields = { number: 'NY-RC-1001', state: 'NY', expiresOn: '2027-06-30' };

describe('POST /companies/{id}/resale-certificates', () => {
  it('when an admin uploads a PDF with its fields, then 201 with the certificate, listed and downloadable', async () => {
    const file = pdf(2048);
    const res = await upload(shop.admin, fields, file).expect(201);
    const cert = ResaleCertificateSchema.parse(res.body);
    expect(cert).toMatchObject({ ...fields, companyId, fileBytes: 2048 });
    expect(cert.createdBy).toBe(shop.admin.email.toLowerCase());
    expect(res.body.fileKey).toBeUndefined();

    const list = await as(shop.admin, api().get(`/api/companies/${companyId}/resale-certificates`));
    expect(ResaleCertificatesSchema.parse(list.body).certificates.map((c) => c._id)).toContain(
      cert._id,
    );
    const download = await as(
      shop.admin,
      api().get(`/api/companies/${companyId}/resale-certificates/${cert._id}/file`),
    )
      .buffer(true)
      .parse((r, done) => {
        const chunks: Buffer[] = [];
        r.on('data', (c: Buffer) => chunks.push(c));
        r.on('end', () => done(null, Buffer.concat(chunks)));
      })
      .expect(200);
    expect(download.headers['content-type']).toBe('application/pdf');
    expect(download.headers['content-disposition']).toContain('resale-certificate-NY-RC-1001.pdf');
    expect(Buffer.compare(download.body as Buffer, file)).toBe(0);
  });

  it('when the file is not a PDF, then 415 and nothing is stored', async () => {
    const before = await shop.store.taxSettings.certificatesOf(otherCompanyId);
    const png = Buffer.from('89504e470d0a1a0a0000000d49484452', 'hex');
    const asPdf = await upload(shop.admin, fields, png, 'application/pdf', otherCompanyId).expect(
      415,
    );
    expect(asPdf.body.error.message).toBe('Upload the certificate as a PDF');
    await upload(shop.admin, fields, pdf(), 'image/png', otherCompanyId).expect(415);
    await upload(shop.admin, fields, Buffer.alloc(0), 'application/pdf', otherCompanyId).expect(
      415,
    );
    expect(await shop.store.taxSettings.certificatesOf(otherCompanyId)).toEqual(before);
  });

  it('when the PDF is over 5 MB, then 413 and nothing is stored', async () => {
    const res = await upload(
      shop.admin,
      fields,
      pdf(5 * 1024 * 1024 + 1),
      'application/pdf',
      otherCompanyId,
    ).expect(413);
    expect(res.body.error.code).toBe('PAYLOAD_TOO_LARGE');
    expect(await shop.store.taxSettings.certificatesOf(otherCompanyId)).toEqual([]);
  });

  it('when the PDF is exactly 5 MB, then it is taken', async () => {
    const res = await upload(
      shop.admin,
      { ...fields, number: 'BIG-1' },
      pdf(5 * 1024 * 1024),
      'application/pdf',
      otherCompanyId,
    ).expect(201);
    await as(
      shop.admin,
      api().delete(`/api/companies/${otherCompanyId}/resale-certificates/${res.body._id}`),
    ).expect(204);
  });

  it.each([
    [{ ...fields, number: '' }, 'Certificate number is required'],
    [{ ...fields, state: 'ZZ' }, 'State must be a US state code like NY'],
    [{ ...fields, expiresOn: '2027-02-30' }, 'Expiry date must be a date like 2027-03-31'],
    [{ ...fields, expiresOn: '2026-11-28' }, 'Expiry date must not be in the past'],
    [{ number: 'X', state: 'NY' }, 'Expiry date must be a date'],
  ])('when the fields are %j, then 400 saying so', async (given, message) => {
    const res = await upload(shop.admin, given, pdf(), 'application/pdf', otherCompanyId).expect(
      400,
    );
    expect(JSON.stringify(res.body.error)).toContain(message);
  });

  it('when the company does not exist, then 404', async () => {
    await upload(shop.admin, fields, pdf(), 'application/pdf', '0123456789abcdef01234567').expect(
      404,
    );
  });

  it("when the company's own admin, a customer or nobody uploads, then 403 or 401", async () => {
    await upload(shop.owner, fields).expect(403);
    await upload(shop.other, fields).expect(403);
    await api()
      .post(`/api/companies/${companyId}/resale-certificates`)
      .query(fields)
      .set('Content-Type', 'application/pdf')
      .send(pdf())
      .expect(401);
  });
});

describe('reading and deleting certificates', () => {
  let certId: string;
  beforeAll(async () => {
    certId = (await upload(shop.admin, { ...fields, number: 'READ-1' }).expect(201)).body._id;
  });
  const listPath = () => `/api/companies/${companyId}/resale-certificates`;
  const filePath = () => `${listPath()}/${certId}/file`;

  it("when the company's own company-admin reads, then the list and the file", async () => {
    const list = await as(shop.owner, api().get(listPath())).expect(200);
    expect(list.body.certificates.map((c: { number: string }) => c.number)).toContain('READ-1');
    await as(shop.owner, api().get(filePath())).expect(200);
  });

  it("when a buyer of the company, another company's admin or nobody reads, then 403 or 401", async () => {
    for (const who of [shop.colleague, shop.other]) {
      await as(who, api().get(listPath())).expect(403);
      await as(who, api().get(filePath())).expect(403);
    }
    await api().get(listPath()).expect(401);
    await api().get(filePath()).expect(401);
  });

  it('when a certificate is asked for through another company, then 404', async () => {
    await as(
      shop.admin,
      api().get(`/api/companies/${otherCompanyId}/resale-certificates/${certId}/file`),
    ).expect(404);
    await as(
      shop.admin,
      api().delete(`/api/companies/${otherCompanyId}/resale-certificates/${certId}`),
    ).expect(404);
  });

  it('when the ids are malformed, then 400', async () => {
    await as(shop.admin, api().get('/api/companies/nope/resale-certificates')).expect(400);
    await as(shop.admin, api().get(`${listPath()}/nope/file`)).expect(400);
  });

  it("when the company's admin tries to delete, then 403; when the shop's admin deletes, then it and its file are gone", async () => {
    const { fileKey } = (await shop.store.taxSettings.certificate(companyId, certId))!;
    await as(shop.owner, api().delete(`${listPath()}/${certId}`)).expect(403);
    await as(shop.admin, api().delete(`${listPath()}/${certId}`)).expect(204);
    await as(shop.admin, api().delete(`${listPath()}/${certId}`)).expect(404);
    await as(shop.admin, api().get(filePath())).expect(404);
    expect(fileKey).toMatch(/^resale-certificates\/[0-9a-f]{24}\/[0-9a-f]{24}-[0-9a-f]{32}\.pdf$/);
  });
});

describe('GET /admin/tax/certificates/expiring', () => {
  it('when certificates lapse within 30 days, then those, soonest first, with the company name and days left', async () => {
    const soon = await upload(
      shop.admin,
      { number: 'SOON-1', state: 'TX', expiresOn: '2026-12-09' },
      pdf(),
      'application/pdf',
      otherCompanyId,
    ).expect(201);
    const edge = await upload(shop.admin, {
      number: 'EDGE-1',
      state: 'CA',
      expiresOn: '2026-12-29',
    });
    await upload(shop.admin, { number: 'LATER-1', state: 'CA', expiresOn: '2026-12-30' }).expect(
      201,
    );
    const res = await as(shop.admin, api().get('/api/admin/tax/certificates/expiring')).expect(200);
    const { certificates } = ExpiringCertificatesSchema.parse(res.body);
    const company = await shop.store.companies.get(otherCompanyId);
    expect(certificates.map((c) => [c._id, c.number, c.daysLeft])).toEqual([
      [soon.body._id, 'SOON-1', 10],
      [edge.body._id, 'EDGE-1', 30],
    ]);
    expect(certificates[0]?.companyName).toBe(company?.name);
  });

  it('when a customer asks, then 403', async () => {
    await as(shop.owner, api().get('/api/admin/tax/certificates/expiring')).expect(403);
    await api().get('/api/admin/tax/certificates/expiring').expect(401);
  });
});

describe('createTaxSettings', () => {
  it("when a company has certificates, then certificatesOf gives the decision's number, state and expiry", async () => {
    const settings = createTaxSettings(shop.store, testConfig());
    const certificates = await settings.certificatesOf(otherCompanyId);
    expect(certificates).toContainEqual({ number: 'SOON-1', state: 'TX', expiresOn: '2026-12-09' });
    expect(Object.keys(certificates[0] ?? {}).sort()).toEqual(['expiresOn', 'number', 'state']);
  });
});
