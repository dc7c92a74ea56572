import fc from 'fast-check';
import type { RouteSpec } from './bad-input-routes.js';
import { long } from './bad-input-values.js';

/** The tax reports' periods (issue 51) and what is wrong for each. */

const badQuarter = fc.constantFrom(
  '2026-Q0',
  '2026-Q5',
  '2026Q4',
  '2026-q4',
  '26-Q4',
  '0026-Q4',
  'Q4-2026',
  '2026-Q4 ',
  '$gt',
  long(2000),
  ['2026-Q3', '2026-Q4'],
);
const badMonth = fc.constantFrom(
  '2026-00',
  '2026-13',
  '2026-1',
  '202611',
  '2026-11-01',
  '1999-12',
  'november',
  long(2000),
  ['2026-10', '2026-11'],
);
const badYear = fc.constantFrom('26', '0026', '1999', '20260', '2026.5', 'this', '', long(2000), [
  '2025',
  '2026',
]);

export const taxReportRoutes: RouteSpec[] = [
  {
    method: 'get',
    path: '/admin/tax/ec-sales-list.csv',
    credentials: 'admin',
    query: { quarter: badQuarter },
  },
  {
    method: 'get',
    path: '/admin/tax/oss.csv',
    credentials: 'admin',
    query: { quarter: badQuarter },
  },
  {
    method: 'get',
    path: '/admin/tax/sales-tax.csv',
    credentials: 'admin',
    query: { month: badMonth },
  },
  { method: 'get', path: '/admin/tax/nexus-meter', credentials: 'admin', query: { year: badYear } },
  {
    method: 'get',
    path: '/admin/tax/eu-distance-sales',
    credentials: 'admin',
    query: { year: badYear },
  },
];
