import { randomBytes } from 'node:crypto';
import type { CompanyInput } from '../../store/store.js';
import { hashToken } from '../../modules/companies/companies.service.js';
import { buildOrderInput, buildTool } from '../factories.js';
import { createEmulatorUser, uniqueEmail } from '../sign-in.js';
import type { Call, Scene } from './authz-requests.js';
import type { World } from './authz-fixtures.js';

/**
 * The trade-account routes' requests for the authorisation matrix: what is acted on belongs to
 * A's company (A is its company-admin) or is addressed to A. Built in the store, like the quotes
 * the matrix uses, so each cell starts from the same kind of data.
 */

const enc = encodeURIComponent;

export const matrixCompany: CompanyInput = {
  name: 'Matrix Works',
  vatId: 'GB123456789',
  billingAddress: '1 Quay Street, Bristol',
  deliveryAddresses: [{ label: 'Main', address: '1 Quay Street, Bristol' }],
  paymentTerms: 'net-30',
  creditLimitCents: 100_000,
};

export const companyBody = {
  name: 'Matrix Works',
  vatId: 'GB123456789',
  billingAddress: '1 Quay Street, Bristol',
  deliveryAddresses: [{ label: 'Main', address: '1 Quay Street, Bristol' }],
  paymentTerms: 'net-30',
  creditLimit: 1000,
};

export const applicationBody = {
  companyName: 'Matrix Works',
  vatId: 'GB123456789',
  billingAddress: '1 Quay Street, Bristol',
  deliveryAddress: '9 Dock Road, Bristol',
  phone: '+44 117 496 0000',
};

/** The company whose company-admin is `email` (made the first time). */
export async function companyOf(world: World, email: string): Promise<string> {
  const membership = await world.store.companies.membershipOf(email);
  if (membership) return membership.company._id;
  const created = await world.store.companies.create(matrixCompany, { email });
  if (created === 'ALREADY_MEMBER') throw new Error('unreachable');
  return created._id;
}

/** A pending invitation into the company for `email`; its id and the token of its link. */
export async function invitation(world: World, companyId: string, email: string) {
  const token = randomBytes(32).toString('base64url');
  const stored = await world.store.companies.invite({
    companyId,
    email,
    role: 'buyer',
    tokenHash: hashToken(token),
    invitedBy: 'matrix@example.com',
    expiresAt: new Date(Date.now() + 86_400_000).toISOString(),
  });
  return { id: stored._id, token };
}

/** A buyer of the company (a fresh address that accepted an invitation); their email. */
export async function buyerOf(world: World, companyId: string): Promise<string> {
  const email = uniqueEmail('buyer');
  const { token } = await invitation(world, companyId, email);
  await world.store.companies.acceptInvitation(
    hashToken(token),
    { email },
    new Date().toISOString(),
  );
  return email;
}

/**
 * An order awaiting approval in the company: placed by a fresh buyer whose limit per order is
 * $0, so any order goes to the company's approvers. Its id.
 */
export async function awaitingOrderIn(world: World, companyId: string): Promise<string> {
  const buyer = await buyerOf(world, companyId);
  await world.store.companies.updateMember(companyId, buyer, { spendingLimitPerOrderCents: 0 });
  const tool = await world.store.tools.create(
    buildTool({ availableQuantity: 1000, minimumOrderQuantity: 1 }),
  );
  const placed = await world.store.orders.place(
    buildOrderInput(tool._id, { quantity: 2, userEmail: buyer }),
  );
  if (!placed.ok || placed.order.status !== 'awaiting_approval') throw new Error('not awaiting');
  return placed.order._id;
}

/** A pending application from a fresh address; its id. */
export async function pendingApplication(world: World): Promise<string> {
  // A verified applicant: an unverified one's application waits (409) rather than being approved.
  const { email } = await createEmulatorUser({ verified: true });
  const created = await world.store.tradeApplications.create({
    ...applicationBody,
    email,
    note: '',
  });
  if (created === 'PENDING_EXISTS') throw new Error('unreachable');
  return created._id;
}

export const companyRequests: Record<string, (scene: Scene) => Promise<Call>> = {
  'GET /api/companies': async () => ({ path: '/api/companies' }),
  'POST /api/companies': async () => ({ path: '/api/companies', body: companyBody }),
  'GET /api/companies/:id': async ({ world, a }) => ({
    path: `/api/companies/${await companyOf(world, a.email)}`,
  }),
  'PUT /api/companies/:id': async ({ world, a }) => ({
    path: `/api/companies/${await companyOf(world, a.email)}`,
    body: companyBody,
  }),
  // Issue 51: a company with an EU VAT ID (no VIES in the matrix: it stays pending, 200).
  'POST /api/companies/:id/vat-check': async ({ world }) => {
    const created = await world.store.companies.create({ ...matrixCompany, vatId: 'DE811907980' });
    if (created === 'ALREADY_MEMBER') throw new Error('unreachable');
    return { path: `/api/companies/${created._id}/vat-check` };
  },
  'POST /api/companies/:id/vat-verification': async ({ world, a }) => ({
    path: `/api/companies/${await companyOf(world, a.email)}/vat-verification`,
    body: { note: 'Registry extract seen' },
  }),
  'POST /api/companies/:id/invitations': async ({ world, a }) => ({
    path: `/api/companies/${await companyOf(world, a.email)}/invitations`,
    body: { email: uniqueEmail('invited'), role: 'buyer' },
  }),
  'DELETE /api/companies/:id/invitations/:invitationId': async ({ world, a }) => {
    const companyId = await companyOf(world, a.email);
    const { id } = await invitation(world, companyId, uniqueEmail('invited'));
    return { path: `/api/companies/${companyId}/invitations/${id}` };
  },
  'PATCH /api/companies/:id/members/:email': async ({ world, a }) => {
    const companyId = await companyOf(world, a.email);
    return {
      path: `/api/companies/${companyId}/members/${enc(await buyerOf(world, companyId))}`,
      body: { spendingLimitPerOrder: 500 },
    };
  },
  'DELETE /api/companies/:id/members/:email': async ({ world, a }) => {
    const companyId = await companyOf(world, a.email);
    return { path: `/api/companies/${companyId}/members/${enc(await buyerOf(world, companyId))}` };
  },

  'GET /api/company': async ({ world, a }) => {
    await companyOf(world, a.email);
    return { path: '/api/company' };
  },
  'POST /api/company/invitations': async ({ world, a }) => {
    await companyOf(world, a.email);
    return {
      path: '/api/company/invitations',
      body: { email: uniqueEmail('invited'), role: 'buyer' },
    };
  },
  'DELETE /api/company/invitations/:invitationId': async ({ world, a }) => {
    const { id } = await invitation(world, await companyOf(world, a.email), uniqueEmail('invited'));
    return { path: `/api/company/invitations/${id}` };
  },
  'PATCH /api/company/members/:email': async ({ world, a }) => {
    const companyId = await companyOf(world, a.email);
    return {
      path: `/api/company/members/${enc(await buyerOf(world, companyId))}`,
      body: { role: 'approver' },
    };
  },
  'DELETE /api/company/members/:email': async ({ world, a }) => {
    const companyId = await companyOf(world, a.email);
    return { path: `/api/company/members/${enc(await buyerOf(world, companyId))}` };
  },

  // Approvals: an order of a colleague of A's awaits A's decision (A is company-admin).
  'GET /api/company/quotes': async ({ world, a }) => {
    await companyOf(world, a.email);
    return { path: '/api/company/quotes' };
  },
  'GET /api/company/approvals': async ({ world, a }) => {
    await awaitingOrderIn(world, await companyOf(world, a.email));
    return { path: '/api/company/approvals' };
  },
  'GET /api/company/orders': async ({ world, a }) => {
    await awaitingOrderIn(world, await companyOf(world, a.email));
    return { path: '/api/company/orders' };
  },
  'POST /api/order/:id/approve': async ({ world, a }) => ({
    path: `/api/order/${await awaitingOrderIn(world, await companyOf(world, a.email))}/approve`,
  }),
  'POST /api/order/:id/reject': async ({ world, a }) => ({
    path: `/api/order/${await awaitingOrderIn(world, await companyOf(world, a.email))}/reject`,
    body: { reason: 'Over this month’s budget' },
  }),

  // An invitation addressed to A, from a company A is not in.
  'GET /api/invitations/:token': async ({ world, a }) => {
    const companyId = await companyOf(world, uniqueEmail('boss'));
    return { path: `/api/invitations/${(await invitation(world, companyId, a.email)).token}` };
  },
  'GET /api/invitations/:token/preview': async ({ world, a }) => {
    const companyId = await companyOf(world, uniqueEmail('boss'));
    return {
      path: `/api/invitations/${(await invitation(world, companyId, a.email)).token}/preview`,
    };
  },
  'POST /api/invitations/:token/accept': async ({ world, a }) => {
    const companyId = await companyOf(world, uniqueEmail('boss'));
    return {
      path: `/api/invitations/${(await invitation(world, companyId, a.email)).token}/accept`,
    };
  },

  'POST /api/trade-applications': async () => ({
    path: '/api/trade-applications',
    body: applicationBody,
  }),
  'GET /api/trade-applications': async () => ({ path: '/api/trade-applications?status=pending' }),
  'POST /api/trade-applications/:id/approve': async ({ world }) => ({
    path: `/api/trade-applications/${await pendingApplication(world)}/approve`,
    body: { paymentTerms: 'net-30', creditLimit: 1000 },
  }),
  'POST /api/trade-applications/:id/decline': async ({ world }) => ({
    path: `/api/trade-applications/${await pendingApplication(world)}/decline`,
    body: { reason: 'Not this time.' },
  }),
};
