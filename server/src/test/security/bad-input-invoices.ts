import fc from 'fast-check';
import type { BodySpec, Fixture, RouteSpec } from './bad-input-routes.js';
import {
  badId,
  badRequiredText,
  badString,
  badTransactionId,
  long,
  wrongType,
} from './bad-input-values.js';

/** The invoice-on-terms routes (issue 24, payment on invoice) and what is wrong for each input. */

const badNumber = badString(
  ['', 'INV-1', 'inv-2030-000001', 'INV-2030-0000001', 'INV-20300-00001', '__proto__', long(300)],
  fc.string({ maxLength: 40 }).filter((s) => !/^INV-\d{4}-\d{6}$/.test(s)),
);
const badAmount = fc.oneof(
  wrongType,
  fc.constantFrom(-1, 0, 0.001, 1.005, '10', 100_000_001, 1e308, Number.NaN),
);
const badDate = badString(['2030-13-01', '2030-02-30', 'yesterday', '20300101', '', long(100)]);
const badCompanyQuery = fc.constantFrom('', 'abc', 'z'.repeat(24), long(300), ['a', 'b']);
const badState = fc.constantFrom('late', 'PAID', '', long(300), ['open', 'paid']);

const paymentBody: BodySpec = {
  valid: () => ({ amount: 1, reference: 'BANK-REF-1', receivedOn: '2026-01-02' }),
  bad: {
    amount: badAmount,
    reference: badRequiredText(100),
    receivedOn: badDate,
  },
  required: ['amount', 'reference', 'receivedOn'],
};

const invoiceNumber = { valid: (f: Fixture) => f.invoiceNumber, bad: badNumber };

export const invoiceRoutes: RouteSpec[] = [
  {
    method: 'get',
    path: '/invoices',
    credentials: 'admin',
    query: { companyId: badCompanyQuery, state: badState },
  },
  {
    method: 'post',
    path: '/invoices/:number/payments',
    credentials: 'admin',
    params: { number: invoiceNumber },
    body: paymentBody,
  },
  {
    method: 'get',
    path: '/invoices/:number/pdf',
    credentials: 'customer',
    params: { number: invoiceNumber },
  },
  {
    method: 'get',
    path: '/invoices/:number/xml',
    credentials: 'customer',
    params: { number: invoiceNumber },
  },
  {
    method: 'post',
    path: '/invoices/:number/card-payment',
    credentials: 'customer',
    params: { number: invoiceNumber },
  },
  {
    method: 'post',
    path: '/invoices/:number/card-payment/confirm',
    credentials: 'customer',
    params: { number: invoiceNumber },
    body: {
      valid: () => ({ transactionId: 'pi_test_fuzzed' }),
      bad: { transactionId: badTransactionId },
      required: ['transactionId'],
    },
  },
  { method: 'get', path: '/company/invoices', credentials: 'customer' },
  { method: 'get', path: '/company/statement.csv', credentials: 'customer' },
  { method: 'get', path: '/company/statement.pdf', credentials: 'customer' },
  {
    method: 'get',
    path: '/companies/:id/statement.pdf',
    credentials: 'admin',
    params: { id: { valid: (f: Fixture) => f.companyId, bad: badId } },
  },
  {
    method: 'get',
    path: '/companies/:id/statement.csv',
    credentials: 'admin',
    params: { id: { valid: (f: Fixture) => f.companyId, bad: badId } },
  },
];
