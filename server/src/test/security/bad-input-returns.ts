import fc from 'fast-check';
import type { BodySpec, Fixture, RouteSpec } from './bad-input-routes.js';
import {
  badId,
  badInteger,
  badRequiredText,
  badString,
  long,
  wrongType,
} from './bad-input-values.js';

/** Issue 53's routes (partial refunds, returns, credit notes by number) and what is wrong for each. */

const orderId = { valid: (f: Fixture) => f.paidOrderId, bad: badId };
// No return exists in the fixture: a well-formed id is a 404, a malformed one a 400.
const returnId = { valid: (f: Fixture) => f.paidOrderId, bad: badId };
const line = (f: Fixture) => ({ toolId: f.toolId, quantity: 1 });
const badLines = fc.oneof(
  wrongType,
  fc.constantFrom([], [{}], [{ toolId: 'abc', quantity: 1 }], [{ quantity: 1 }]),
  badInteger(1, 1_000_000).map((quantity) => [{ toolId: 'a'.repeat(24), quantity }]),
);

const refundBody: BodySpec = {
  valid: () => ({ amountCents: 100, reason: 'Damaged' }),
  bad: {
    amountCents: fc.oneof(wrongType, fc.constantFrom(-1, 0, 1.5, '100', Number.NaN)),
    reason: badRequiredText(500),
    restock: fc.constantFrom('yes', 1, {}),
    method: badString(['card', 'cash', '', 'CREDIT']),
  },
  required: ['reason'],
};

const returnBody: BodySpec = {
  valid: (f) => ({ lines: [line(f)], reason: 'Too many' }),
  bad: { lines: badLines, reason: badRequiredText(500) },
  required: ['lines', 'reason'],
};

const receiveBody: BodySpec = {
  valid: (f) => ({ lines: [{ ...line(f), disposition: 'restock' }] }),
  bad: {
    lines: fc.oneof(
      badLines,
      fc.constantFrom([{ toolId: 'a'.repeat(24), quantity: 1, disposition: 'burn' }]),
    ),
  },
  required: ['lines'],
};

const badNumber = badString([
  '',
  'CN-1',
  'cn-2026-000001',
  'INV-2026-000001',
  '__proto__',
  long(300),
]);

export const returnsRoutes: RouteSpec[] = [
  {
    method: 'post',
    path: '/order/:id/refunds',
    credentials: 'admin',
    params: { id: orderId },
    body: refundBody,
  },
  { method: 'get', path: '/order/:id/refunds', credentials: 'customer', params: { id: orderId } },
  {
    method: 'post',
    path: '/order/:id/returns',
    credentials: 'customer',
    params: { id: orderId },
    body: returnBody,
  },
  {
    method: 'get',
    path: '/admin/returns',
    credentials: 'admin',
    query: {
      status: fc.constantFrom('lost', 'REQUESTED', '', long(300), ['requested', 'approved']),
    },
  },
  { method: 'post', path: '/returns/:id/approve', credentials: 'admin', params: { id: returnId } },
  {
    method: 'post',
    path: '/returns/:id/decline',
    credentials: 'admin',
    params: { id: returnId },
    body: {
      valid: () => ({ reason: 'Used' }),
      bad: { reason: badRequiredText(500) },
      required: ['reason'],
    },
  },
  {
    method: 'post',
    path: '/returns/:id/receive',
    credentials: 'admin',
    params: { id: returnId },
    body: receiveBody,
  },
  { method: 'post', path: '/returns/:id/refund', credentials: 'admin', params: { id: returnId } },
  {
    method: 'get',
    path: '/credit-notes/:number/pdf',
    credentials: 'customer',
    params: { number: { valid: () => 'CN-2026-000001', bad: badNumber } },
  },
  {
    method: 'get',
    path: '/credit-notes/:number/xml',
    credentials: 'customer',
    params: { number: { valid: () => 'CN-2026-000001', bad: badNumber } },
    query: { syntax: fc.constantFrom('xml', 'UBL', '', ['ubl', 'cii']) },
  },
];
