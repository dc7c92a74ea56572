import fc from 'fast-check';
import type { BodySpec, RouteSpec } from './bad-input-routes.js';
import { badId, badString, long, wrongType } from './bad-input-values.js';

/** The price list routes (issue 50) and what is wrong for each of their inputs. */

const badDay = badString(['2027-13-01', '2027-02-30', '1/1/2027', 'today', '', long(40)]);
const badPrice = fc.oneof(wrongType, fc.constantFrom(0, -1, 0.001, '10', 1e308, 1_000_001));
const badPercent = fc.oneof(wrongType, fc.constantFrom(0, 100, -5, 12.345, '30', 1e308));

const priceListBody: BodySpec = {
  valid: (f) => ({
    name: 'Fuzzed list',
    currency: 'USD',
    validFrom: '2027-01-01',
    validTo: '2027-12-31',
    lines: [
      { sku: f.toolSku, price: 9.5, breaks: [{ minQuantity: 100, price: 9 }] },
      { category: 'other', percentOff: 20 },
      { percentOff: 10 },
    ],
    versions: [{ startsOn: '2027-06-01', lines: [{ sku: f.toolSku, price: 9.9 }] }],
  }),
  bad: {
    name: badString(['', '   ', long(81), 'a\u0000b']),
    currency: badString(['US', 'dollars', '€€€', '123']),
    validFrom: badDay,
    validTo: badDay,
    parentId: badId.filter((v) => v !== null && v !== undefined && v !== ''),
    lines: fc.oneof(
      wrongType.filter((v) => v !== undefined && !(Array.isArray(v) && v.length === 0)),
      badPrice.map((price) => [{ sku: 'A-1', price }]),
      badPercent.map((percentOff) => [{ percentOff }]),
      badPercent.map((percentOff) => [{ category: 'drills', percentOff }]),
      fc.constant([{ sku: 'bad sku!', price: 1 }]),
      fc.constant([{ type: 'fixed', percentOff: 10 }]),
      fc.constant([{ percentOff: 10 }, { percentOff: 20 }]),
      fc.constant([{ sku: 'A-1', price: 5, breaks: [{ minQuantity: 1, price: 4 }] }]),
      fc.constant([{ sku: 'A-1', price: 5, breaks: [{ minQuantity: 10, price: 6 }] }]),
      fc.constant(Array.from({ length: 20_001 }, () => ({ percentOff: 1 }))),
    ),
    versions: fc.oneof(
      wrongType.filter((v) => v !== undefined && !(Array.isArray(v) && v.length === 0)),
      badDay.map((startsOn) => [{ startsOn, lines: [] }]),
      fc.constant([
        { startsOn: '2027-01-01', lines: [] },
        { startsOn: '2027-01-01', lines: [] },
      ]),
    ),
  },
  required: ['name'],
};

const listId = { valid: (f: { priceListId: string }) => f.priceListId, bad: badId };
const badQuantity = fc.constantFrom('0', '-1', '1.5', 'abc', '1000001', '1e308', ['1', '2']);

export const priceListRoutes: RouteSpec[] = [
  { method: 'get', path: '/price-lists', credentials: 'admin' },
  {
    method: 'post',
    path: '/price-lists',
    credentials: 'admin',
    bodyLimitBytes: 4 * 1024 * 1024,
    body: priceListBody,
  },
  { method: 'get', path: '/price-lists/:id', credentials: 'admin', params: { id: listId } },
  {
    method: 'put',
    path: '/price-lists/:id',
    credentials: 'admin',
    bodyLimitBytes: 4 * 1024 * 1024,
    params: { id: listId },
    body: priceListBody,
  },
  { method: 'delete', path: '/price-lists/:id', credentials: 'admin', params: { id: listId } },
  {
    method: 'get',
    path: '/price-lists/:id/lines.csv',
    credentials: 'admin',
    params: { id: listId },
  },
  {
    method: 'post',
    path: '/price-lists/:id/import',
    credentials: 'admin',
    bodyLimitBytes: 4 * 1024 * 1024,
    params: { id: listId },
    query: { dryRun: fc.constantFrom('yes', '1', 'TRUE', '', 'false,true') },
    body: {
      // A dry run (the default): the fixture tool at a new price.
      valid: (f) => ({ csv: `sku,price\n${f.toolSku},9.50\n` }),
      bad: {
        csv: fc.oneof(wrongType, fc.constantFrom('', 'name,price\nSaw,10', 'x'.repeat(12_000_001))),
      },
      required: ['csv'],
    },
  },
  {
    method: 'get',
    path: '/pricing/explain',
    credentials: 'admin',
    query: {
      sku: badString(['', 'bad sku!', long(33)]).map((v) =>
        typeof v === 'string' ? v : JSON.stringify(v),
      ),
      quantity: badQuantity,
      companyId: fc.constantFrom('abc', long(24, 'z'), '$gt', ['a', 'b']),
      date: fc.constantFrom('2027-13-01', 'today', '1/1/2027', ['2027-01-01', '2027-01-02']),
    },
  },
];
