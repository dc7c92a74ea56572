import fc from 'fast-check';
import type { BodySpec, Fixture, RouteSpec } from './bad-input-routes.js';
import { badId, badString, long, wrongType } from './bad-input-values.js';

/**
 * The tax settings' routes (issue 51). Valid parts name things no request here can change: a
 * certificate that does not exist, a country and a state that nothing else in the suite sets.
 */
const NO_SUCH_CERTIFICATE = '0123456789abcdef01234567';
const companyId = { valid: (f: Fixture) => f.companyId, bad: badId };
const certId = { valid: () => NO_SUCH_CERTIFICATE, bad: badId };

// Never a member state's code: a slip here would let a fuzzed request write a rate.
const badCountry = badString(['', 'de', 'DEU', 'D', '1A', 'D€', '__proto__', long(300)]);
const badState = badString(['', 'ny', 'NYC', 'XX', 'PR', 'N', '__proto__', long(300)]);
const badPercent = fc.oneof(
  wrongType,
  fc.constantFrom<unknown>(-1, -0.001, 100, 100.5, 1e308, 20.0001, '20', '', null),
);
const badDay = badString(['2026-13-01', '2026-02-30', '20260101', 'tomorrow', long(300)]);

const ratesBody: BodySpec = {
  valid: () => ({ standard: 21, reduced: 9 }),
  bad: { standard: badPercent, reduced: badPercent },
  required: ['standard', 'reduced'],
};

const nexusBody: BodySpec = {
  valid: () => ({ ratePercent: 6.5, since: '2026-01-01' }),
  bad: {
    ratePercent: fc.oneof(badPercent, fc.constant(0)),
    since: badDay.filter((value) => value !== undefined && value !== ''),
  },
  required: ['ratePercent'],
};

const asQuery = (values: readonly string[]) => fc.constantFrom(...values);

export const taxRoutes: RouteSpec[] = [
  { method: 'get', path: '/admin/tax/rates', credentials: 'admin' },
  {
    method: 'put',
    path: '/admin/tax/rates/:country',
    credentials: 'admin',
    params: { country: { valid: () => 'LU', bad: badCountry } },
    body: ratesBody,
  },
  {
    method: 'delete',
    path: '/admin/tax/rates/:country',
    credentials: 'admin',
    params: { country: { valid: () => 'LU', bad: badCountry } },
  },
  { method: 'get', path: '/admin/tax/nexus', credentials: 'admin' },
  {
    method: 'put',
    path: '/admin/tax/nexus/:state',
    credentials: 'admin',
    params: { state: { valid: () => 'VT', bad: badState } },
    body: nexusBody,
  },
  {
    method: 'delete',
    path: '/admin/tax/nexus/:state',
    credentials: 'admin',
    params: { state: { valid: () => 'VT', bad: badState } },
  },
  { method: 'get', path: '/admin/tax/certificates/expiring', credentials: 'admin' },
  {
    method: 'get',
    path: '/companies/:id/resale-certificates',
    credentials: 'admin',
    params: { id: companyId },
  },
  {
    method: 'post',
    path: '/companies/:id/resale-certificates',
    credentials: 'admin',
    params: { id: companyId },
    query: {
      number: asQuery(['', '   ', long(61), 'a\u0000b', 'line\nbreak']),
      state: asQuery(['', 'ny', 'XX', 'PR', long(300)]),
      expiresOn: asQuery(['', '2026-13-01', '2027-02-30', '2027-1-1', 'soon', '2000-01-01']),
    },
  },
  {
    method: 'get',
    path: '/companies/:id/resale-certificates/:certId/file',
    credentials: 'admin',
    params: { id: companyId, certId },
  },
  {
    method: 'delete',
    path: '/companies/:id/resale-certificates/:certId',
    credentials: 'admin',
    params: { id: companyId, certId },
  },
];
