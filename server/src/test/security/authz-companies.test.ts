import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signInToShop, type ShopSession } from '../sign-in.js';
import { createWorld, type World } from './authz-fixtures.js';
import {
  applicationBody,
  awaitingOrderIn,
  buyerOf,
  companyBody,
  companyOf,
  invitation,
} from './authz-companies.js';

/**
 * The trade-account routes seen by the identities the main matrix does not have: a customer in
 * no company, a buyer of company X, the company-admin of another company Y, and the shop admin.
 * Each row acts on X's things (X's invitation, X's member, X itself), or for the invitation and
 * the application, on the caller's own behalf.
 */
type Who = 'anonymous' | 'customer' | 'buyer' | 'otherAdmin' | 'shopAdmin';
const WHO: readonly Who[] = ['anonymous', 'customer', 'buyer', 'otherAdmin', 'shopAdmin'];

interface Scene {
  world: World;
  companyId: string;
  caller: ShopSession | null;
}
type Build = (
  scene: Scene,
) => Promise<{ method: 'get' | 'post' | 'put' | 'patch' | 'delete'; path: string; body?: object }>;
type Row = { route: string; build: Build } & Record<Who, number>;

const enc = encodeURIComponent;

// prettier-ignore
const rows: Row[] = [
  { route: 'GET /api/companies/:id', anonymous: 401, customer: 403, buyer: 403, otherAdmin: 403, shopAdmin: 200,
    build: async ({ companyId }) => ({ method: 'get', path: `/api/companies/${companyId}` }) },
  { route: 'PUT /api/companies/:id', anonymous: 401, customer: 403, buyer: 403, otherAdmin: 403, shopAdmin: 200,
    build: async ({ companyId }) => ({ method: 'put', path: `/api/companies/${companyId}`, body: companyBody }) },
  { route: 'PATCH /api/companies/:id/members/:email', anonymous: 401, customer: 403, buyer: 403, otherAdmin: 403, shopAdmin: 200,
    build: async ({ world, companyId }) => ({ method: 'patch', path: `/api/companies/${companyId}/members/${enc(await buyerOf(world, companyId))}`, body: { role: 'approver' } }) },
  // A company-admin manages only their own company: X's things are not found from Y.
  { route: 'DELETE /api/company/invitations/:invitationId', anonymous: 401, customer: 403, buyer: 403, otherAdmin: 404, shopAdmin: 403,
    build: async ({ world, companyId }) => ({ method: 'delete', path: `/api/company/invitations/${(await invitation(world, companyId, 'someone@example.com')).id}` }) },
  { route: 'PATCH /api/company/members/:email', anonymous: 401, customer: 403, buyer: 403, otherAdmin: 404, shopAdmin: 403,
    build: async ({ world, companyId }) => ({ method: 'patch', path: `/api/company/members/${enc(await buyerOf(world, companyId))}`, body: { spendingLimitPerOrder: 10 } }) },
  { route: 'DELETE /api/company/members/:email', anonymous: 401, customer: 403, buyer: 403, otherAdmin: 404, shopAdmin: 403,
    build: async ({ world, companyId }) => ({ method: 'delete', path: `/api/company/members/${enc(await buyerOf(world, companyId))}` }) },
  { route: 'POST /api/company/invitations', anonymous: 401, customer: 403, buyer: 403, otherAdmin: 201, shopAdmin: 403,
    build: async () => ({ method: 'post', path: '/api/company/invitations', body: { email: 'new.colleague@example.com', role: 'buyer' } }) },
  // X's order awaiting approval: X's buyer may not decide it, Y's admin may not know it exists,
  // the shop's admin sees it but the approval is X's own. Y's admin lists Y's orders.
  { route: 'POST /api/order/:id/approve', anonymous: 401, customer: 404, buyer: 403, otherAdmin: 404, shopAdmin: 403,
    build: async ({ world, companyId }) => ({ method: 'post', path: `/api/order/${await awaitingOrderIn(world, companyId)}/approve` }) },
  { route: 'POST /api/order/:id/reject', anonymous: 401, customer: 404, buyer: 403, otherAdmin: 404, shopAdmin: 403,
    build: async ({ world, companyId }) => ({ method: 'post', path: `/api/order/${await awaitingOrderIn(world, companyId)}/reject`, body: { reason: 'No' } }) },
  { route: 'GET /api/order/:id', anonymous: 401, customer: 404, buyer: 404, otherAdmin: 404, shopAdmin: 200,
    build: async ({ world, companyId }) => ({ method: 'get', path: `/api/order/${await awaitingOrderIn(world, companyId)}` }) },
  { route: 'GET /api/company/orders', anonymous: 401, customer: 403, buyer: 403, otherAdmin: 200, shopAdmin: 403,
    build: async () => ({ method: 'get', path: '/api/company/orders' }) },
  // A buyer sees their own quotes; a company-admin every member's; no company, 403.
  { route: 'GET /api/company/quotes', anonymous: 401, customer: 403, buyer: 200, otherAdmin: 200, shopAdmin: 403,
    build: async () => ({ method: 'get', path: '/api/company/quotes' }) },
  { route: 'GET /api/company/approvals', anonymous: 401, customer: 403, buyer: 403, otherAdmin: 200, shopAdmin: 403,
    build: async () => ({ method: 'get', path: '/api/company/approvals' }) },
  // Addressed to the caller: those already in a company cannot join another.
  { route: 'POST /api/invitations/:token/accept', anonymous: 401, customer: 200, buyer: 409, otherAdmin: 409, shopAdmin: 200,
    build: async ({ world, companyId, caller }) => ({ method: 'post', path: `/api/invitations/${(await invitation(world, companyId, caller?.email.toLowerCase() ?? 'nobody@example.com')).token}/accept` }) },
  { route: 'POST /api/trade-applications', anonymous: 401, customer: 201, buyer: 409, otherAdmin: 409, shopAdmin: 201,
    build: async () => ({ method: 'post', path: '/api/trade-applications', body: applicationBody }) },
];

let world: World;
beforeAll(async () => {
  world = await createWorld();
});
afterAll(() => world.close());

describe('trade-account permissions by role', () => {
  it.each(rows)(
    'when $route is called by each identity, then only the allowed succeed',
    async (row) => {
      // Fresh identities per row: accepting or applying changes who someone is.
      const [customer, buyer, otherAdmin, shopAdmin] = await Promise.all([
        signInToShop(world.app, world.store, { displayName: 'Cass Customer' }),
        signInToShop(world.app, world.store, { displayName: 'Bea Buyer' }),
        signInToShop(world.app, world.store, { displayName: 'Oli Other' }),
        signInToShop(world.app, world.store, { displayName: 'Sam Shop', admin: true }),
      ]);
      const companyId = await companyOf(world, `owner-${Date.now()}-${Math.random()}@example.com`);
      const { token } = await invitation(world, companyId, buyer.email.toLowerCase());
      await request(world.app)
        .post(`/api/invitations/${token}/accept`)
        .set('Authorization', buyer.bearer)
        .expect(200);
      await companyOf(world, otherAdmin.email.toLowerCase());
      const callers = { anonymous: null, customer, buyer, otherAdmin, shopAdmin };
      const statuses: Partial<Record<Who, number>> = {};
      for (const who of WHO) {
        const caller = callers[who];
        const spec = await row.build({ world, companyId, caller });
        let req = request(world.app)[spec.method](spec.path);
        if (caller) req = req.set('Authorization', caller.bearer);
        const res = await (spec.body ? req.send(spec.body) : req);
        statuses[who] = res.status;
      }
      const { route: _route, build: _build, ...expected } = row;
      expect(statuses, row.route).toEqual(expected);
    },
  );

  it('when a buyer reads their company, then they see its details and their role but not its members', async () => {
    const buyer = await signInToShop(world.app, world.store, { displayName: 'Bea Buyer' });
    const companyId = await companyOf(world, `owner-${Date.now()}@example.com`);
    const { token } = await invitation(world, companyId, buyer.email.toLowerCase());
    await request(world.app)
      .post(`/api/invitations/${token}/accept`)
      .set('Authorization', buyer.bearer)
      .expect(200);
    const res = await request(world.app)
      .get('/api/company')
      .set('Authorization', buyer.bearer)
      .expect(200);
    expect(res.body).toMatchObject({
      role: 'buyer',
      company: { _id: companyId, members: [], invitations: [] },
    });
  });
});
