import request from 'supertest';
import type { Call, Scene } from './authz-requests.js';
import type { World } from './authz-fixtures.js';
import { companyOf } from './authz-companies.js';

/**
 * The tax settings' routes (issue 51) for the authorisation matrix: the admin's rates, nexus and
 * expiring certificates, and the resale certificates of A's company (A is its company-admin).
 */

/** A small PDF: what a certificate upload sends. */
export const tinyPdf = () => Buffer.from('%PDF-1.4\n1 0 obj << >> endobj\ntrailer << >>\n%%EOF\n');

const certificateFields = 'number=MATRIX-1&state=NY&expiresOn=2999-12-31';

/** A certificate of A's company, uploaded by the shop's admin through the API; its path. */
async function certificateOf(world: World, a: Scene['a']): Promise<string> {
  const companyId = await companyOf(world, a.email);
  const res = await request(world.app)
    .post(`/api/companies/${companyId}/resale-certificates?${certificateFields}`)
    .set('Authorization', world.admin.bearer)
    .set('Content-Type', 'application/pdf')
    .send(tinyPdf());
  if (res.status !== 201) throw new Error(`uploading a certificate: ${res.status}`);
  return `/api/companies/${companyId}/resale-certificates/${res.body._id as string}`;
}

export const taxRequests: Record<string, (scene: Scene) => Promise<Call>> = {
  'GET /api/admin/tax/rates': async () => ({ path: '/api/admin/tax/rates' }),
  'PUT /api/admin/tax/rates/:country': async () => ({
    path: '/api/admin/tax/rates/NL',
    body: { standard: 21, reduced: 9 },
  }),
  'DELETE /api/admin/tax/rates/:country': async () => ({ path: '/api/admin/tax/rates/NL' }),
  'GET /api/admin/tax/nexus': async () => ({ path: '/api/admin/tax/nexus' }),
  'PUT /api/admin/tax/nexus/:state': async () => ({
    path: '/api/admin/tax/nexus/WA',
    body: { ratePercent: 6.5 },
  }),
  // The state is set afresh for every caller: the admin's delete answers 204, not 404.
  'DELETE /api/admin/tax/nexus/:state': async ({ world }) => {
    await world.store.taxSettings.setNexusState({
      state: 'OR',
      ratePercent: 1,
      updatedBy: 'matrix@example.com',
      updatedAt: new Date().toISOString(),
    });
    return { path: '/api/admin/tax/nexus/OR' };
  },
  'GET /api/admin/tax/certificates/expiring': async () => ({
    path: '/api/admin/tax/certificates/expiring',
  }),
  'GET /api/companies/:id/resale-certificates': async ({ world, a }) => ({
    path: `/api/companies/${await companyOf(world, a.email)}/resale-certificates`,
  }),
  'POST /api/companies/:id/resale-certificates': async ({ world, a, actor }) => ({
    path: `/api/companies/${await companyOf(world, a.email)}/resale-certificates?${certificateFields}`,
    headers: {
      ...(actor ? { Authorization: actor.bearer } : {}),
      'Content-Type': 'application/pdf',
    },
    body: tinyPdf(),
  }),
  'GET /api/companies/:id/resale-certificates/:certId/file': async ({ world, a }) => ({
    path: `${await certificateOf(world, a)}/file`,
  }),
  'DELETE /api/companies/:id/resale-certificates/:certId': async ({ world, a }) => ({
    path: await certificateOf(world, a),
  }),
};
