import fc from 'fast-check';
import type { BodySpec, RouteSpec } from './bad-input-routes.js';
import {
  badAddress,
  badEmail,
  badId,
  badOptionalText,
  badPhone,
  badRequiredText,
  badStatus,
  badString,
  long,
  wrongType,
} from './bad-input-values.js';

/** The trade-account routes (issue 24) and what is wrong for each of their inputs. */

const badMoney = fc.oneof(
  wrongType,
  fc.constantFrom(-1, 0.001, 1.005, '10', 100_000_001, 1e308, Number.NaN),
);
// A member's spending limit takes null (no limit), and NaN is sent as null in JSON: every other
// wrong money value still applies.
const badLimit = badMoney.filter((v) => v !== null && !Number.isNaN(v));
const badTerms = badString(['net-90', 'NET-30', '', '30', '__proto__', long(300)]);
const badRole = badString(['admin', 'owner', 'Buyer', '', '__proto__', long(300)]);
const badVat = badString(['', 'ab', 'GB<script>', long(31)]);
const badToken = badString(
  ['', 'short', long(42, 'a'), long(44, 'a'), `${long(42, 'a')}=`, `${long(42, 'a')}+`],
  fc.string({ maxLength: 60 }).filter((s) => !/^[A-Za-z0-9_-]{43}$/.test(s)),
);

const companyBody: BodySpec = {
  valid: () => ({
    name: 'Fuzzed Works',
    vatId: 'GB123456789',
    billingAddress: '1 Quay Street, Bristol',
    deliveryAddresses: [{ label: 'Main', address: '1 Quay Street, Bristol' }],
    paymentTerms: 'net-30',
    creditLimit: 1000,
  }),
  bad: {
    name: badRequiredText(120),
    vatId: badVat,
    billingAddress: badAddress,
    deliveryAddresses: fc.oneof(
      wrongType.filter((value) => !Array.isArray(value) || value.length === 0),
      fc.constant([]),
      badAddress.map((address) => [{ label: 'Main', address }]),
      badRequiredText(60).map((label) => [{ label, address: '1 Quay Street, Bristol' }]),
      fc.constant(Array.from({ length: 21 }, () => ({ label: 'x', address: '1 Quay Street' }))),
    ),
    paymentTerms: badTerms,
    creditLimit: badMoney,
  },
  required: ['name', 'vatId', 'billingAddress', 'deliveryAddresses', 'paymentTerms', 'creditLimit'],
};

/** PUT also takes the company's price lists (in order) and policy (issue 50). */
const companyPutBody: BodySpec = {
  ...companyBody,
  bad: {
    ...companyBody.bad,
    priceListIds: fc.oneof(
      wrongType.filter((value) => !Array.isArray(value) || value.length > 0),
      badId.map((id) => [id]),
      fc.constant(['aaaaaaaaaaaaaaaaaaaaaaaa']),
      fc.constant(Array.from({ length: 21 }, (_, i) => i.toString(16).padStart(24, '0'))),
    ),
    pricePolicy: badString(['highest', 'Lowest', '', '__proto__']),
  },
};

const vatVerificationBody: BodySpec = {
  valid: () => ({ note: 'Registry extract seen' }),
  bad: { note: badRequiredText(500) },
  required: ['note'],
};

const inviteBody: BodySpec = {
  valid: () => ({ email: 'fuzzed.colleague@example.com', role: 'buyer' }),
  bad: { email: badEmail, role: badRole },
  required: ['email', 'role'],
};

const memberBody: BodySpec = {
  valid: () => ({ role: 'approver', spendingLimitPerOrder: 100, spendingLimitPerMonth: null }),
  bad: { role: badRole, spendingLimitPerOrder: badLimit, spendingLimitPerMonth: badLimit },
  required: [],
};

const applicationBody: BodySpec = {
  valid: () => ({
    companyName: 'Fuzzed Works',
    vatId: 'GB123456789',
    billingAddress: '1 Quay Street, Bristol',
    deliveryAddress: '9 Dock Road, Bristol',
    phone: '+44 117 496 0000',
    note: 'Fuzzed, never stored.',
    requestedPaymentTerms: 'net-30',
    requestedCreditLimit: 5000,
  }),
  bad: {
    companyName: badRequiredText(120),
    vatId: badVat,
    billingAddress: badAddress,
    deliveryAddress: badAddress,
    phone: badPhone,
    note: badOptionalText(1000),
    requestedPaymentTerms: badTerms,
    requestedCreditLimit: badMoney,
  },
  required: ['companyName', 'vatId', 'billingAddress', 'deliveryAddress', 'phone'],
};

const approveBody: BodySpec = {
  valid: () => ({ paymentTerms: 'net-30', creditLimit: 1000 }),
  bad: { paymentTerms: badTerms, creditLimit: badMoney },
  required: [],
};

const declineBody: BodySpec = {
  valid: () => ({ reason: 'Fuzzed reason' }),
  bad: { reason: badRequiredText(500) },
  required: ['reason'],
};

const companyId = { valid: (f: { companyId: string }) => f.companyId, bad: badId };
const member = { valid: (f: { memberEmail: string }) => f.memberEmail, bad: badEmail };
const invitationId = { valid: (f: { invitationId: string }) => f.invitationId, bad: badId };
const applicationId = { valid: (f: { applicationId: string }) => f.applicationId, bad: badId };

const rejectBody: BodySpec = {
  valid: () => ({ reason: 'Over this month’s budget' }),
  bad: { reason: badRequiredText(500) },
  required: ['reason'],
};

const orderId = { valid: (f: { orderId: string }) => f.orderId, bad: badId };

export const companyRoutes: RouteSpec[] = [
  // Approvals: the customer is the company-admin of the fixture's company.
  { method: 'get', path: '/company/approvals', credentials: 'customer' },
  { method: 'get', path: '/company/quotes', credentials: 'customer' },
  { method: 'get', path: '/company/orders', credentials: 'customer' },
  { method: 'post', path: '/order/:id/approve', credentials: 'customer', params: { id: orderId } },
  {
    method: 'post',
    path: '/order/:id/reject',
    credentials: 'customer',
    params: { id: orderId },
    body: rejectBody,
  },
  { method: 'get', path: '/companies', credentials: 'admin' },
  { method: 'post', path: '/companies', credentials: 'admin', body: companyBody },
  { method: 'get', path: '/companies/:id', credentials: 'admin', params: { id: companyId } },
  {
    method: 'put',
    path: '/companies/:id',
    credentials: 'admin',
    params: { id: companyId },
    body: companyPutBody,
  },
  // Issue 51. The fixture company's tax id is not an EU VAT ID: a valid id is still a 400 there,
  // as a malformed one is; what is checked is that no bad id gets past as a 500.
  {
    method: 'post',
    path: '/companies/:id/vat-check',
    credentials: 'admin',
    params: { id: companyId },
  },
  {
    method: 'post',
    path: '/companies/:id/vat-verification',
    credentials: 'admin',
    params: { id: companyId },
    body: vatVerificationBody,
  },
  {
    method: 'post',
    path: '/companies/:id/invitations',
    credentials: 'admin',
    params: { id: companyId },
    body: inviteBody,
  },
  {
    method: 'delete',
    path: '/companies/:id/invitations/:invitationId',
    credentials: 'admin',
    params: { id: companyId, invitationId },
  },
  {
    method: 'patch',
    path: '/companies/:id/members/:email',
    credentials: 'admin',
    params: { id: companyId, email: member },
    body: memberBody,
  },
  {
    method: 'delete',
    path: '/companies/:id/members/:email',
    credentials: 'admin',
    params: { id: companyId, email: member },
  },
  { method: 'get', path: '/company', credentials: 'customer' },
  { method: 'post', path: '/company/invitations', credentials: 'customer', body: inviteBody },
  {
    method: 'delete',
    path: '/company/invitations/:invitationId',
    credentials: 'customer',
    params: { invitationId },
  },
  {
    method: 'patch',
    path: '/company/members/:email',
    credentials: 'customer',
    params: { email: member },
    body: memberBody,
  },
  {
    method: 'delete',
    path: '/company/members/:email',
    credentials: 'customer',
    params: { email: member },
  },
  {
    method: 'get',
    path: '/invitations/:token/preview',
    credentials: 'none',
    params: { token: { valid: (f) => f.invitationToken, bad: badToken } },
  },
  {
    method: 'get',
    path: '/invitations/:token',
    credentials: 'customer',
    params: { token: { valid: (f) => f.invitationToken, bad: badToken } },
  },
  {
    method: 'post',
    path: '/invitations/:token/accept',
    credentials: 'customer',
    params: { token: { valid: (f) => f.invitationToken, bad: badToken } },
  },
  { method: 'post', path: '/trade-applications', credentials: 'customer', body: applicationBody },
  {
    method: 'get',
    path: '/trade-applications',
    credentials: 'admin',
    query: { status: badStatus.map((v) => (typeof v === 'string' ? v : JSON.stringify(v))) },
  },
  {
    method: 'post',
    path: '/trade-applications/:id/approve',
    credentials: 'admin',
    params: { id: applicationId },
    body: approveBody,
  },
  {
    method: 'post',
    path: '/trade-applications/:id/decline',
    credentials: 'admin',
    params: { id: applicationId },
    body: declineBody,
  },
];
