import fc from 'fast-check';
import type { BodySpec, RouteSpec } from './bad-input-routes.js';
import { badId, badRequiredText, badString, long, wrongType } from './bad-input-values.js';

/** The price list routes (issue 50) and what is wrong for each of their inputs. */

const badDate = badString(['2026-13-01', '2026-02-30', 'yesterday', '20260101', long(300)]);
const badLines = fc.oneof(
  wrongType.filter((value) => !Array.isArray(value) || value.length > 0),
  fc.constantFrom<unknown>(
    [{ sku: '-lead', price: 5 }],
    [{ sku: 'A-1', price: -1 }],
    [{ sku: 'A-1', price: 1.001 }],
    [{ type: 'fixed', price: 5 }],
    [{ percentOff: 100 }],
    [{ percentOff: 0 }],
    [{ category: 'Power Tools', percentOff: 10 }],
    [{ type: 'nothing', percentOff: 10 }],
    [{ sku: 'A-1', price: 5, breaks: [{ minQuantity: 10, price: 6 }] }],
    [{ sku: 'A-1', price: 5, minimumOrderQuantity: 15, orderMultiple: 10 }],
    [
      { sku: 'A-1', price: 5 },
      { sku: 'a-1', price: 4 },
    ],
    [{ percentOff: 10 }, { percentOff: 20 }],
  ),
);

const priceListBody: BodySpec = {
  valid: (f) => ({ name: 'Fuzzed list', lines: [{ sku: f.toolSku, price: 5 }] }),
  bad: {
    name: badRequiredText(80),
    currency: badString(['US', 'DOLLARS', '12$', '€€€']),
    validFrom: badDate,
    validTo: badDate,
    // A blank parent means "no parent" (the form's empty choice), so it is not malformed.
    parentId: badId.filter((value) => value !== ''),
    lines: badLines,
    versions: fc.oneof(
      wrongType.filter((value) => !Array.isArray(value) || value.length > 0),
      fc.constantFrom<unknown>(
        [{ startsOn: 'soon', lines: [] }],
        [{ lines: [] }],
        [
          { startsOn: '2031-01-01', lines: [] },
          { startsOn: '2031-01-01', lines: [] },
        ],
      ),
    ),
  },
  required: ['name'],
};

const priceListId = { valid: (f: { priceListId: string }) => f.priceListId, bad: badId };
const badDryRun = fc.constantFrom('yes', '1', 'TRUE', '', 'false,true');

export const priceListRoutes: RouteSpec[] = [
  { method: 'get', path: '/price-lists', credentials: 'admin' },
  {
    method: 'post',
    path: '/price-lists',
    credentials: 'admin',
    bodyLimitBytes: 4 * 1024 * 1024,
    body: priceListBody,
  },
  { method: 'get', path: '/price-lists/:id', credentials: 'admin', params: { id: priceListId } },
  {
    method: 'put',
    path: '/price-lists/:id',
    credentials: 'admin',
    bodyLimitBytes: 4 * 1024 * 1024,
    params: { id: priceListId },
    body: priceListBody,
  },
  {
    method: 'delete',
    path: '/price-lists/:id',
    credentials: 'admin',
    params: { id: priceListId },
  },
  {
    method: 'get',
    path: '/price-lists/:id/lines.csv',
    credentials: 'admin',
    params: { id: priceListId },
  },
  {
    method: 'post',
    path: '/price-lists/:id/import',
    credentials: 'admin',
    bodyLimitBytes: 5 * 1024 * 1024,
    params: { id: priceListId },
    query: { dryRun: badDryRun },
    body: {
      // A dry run (the default) of one row: the fixture tool at a list price.
      valid: (f) => ({
        csv: `sku,price,breaks,minimumOrderQuantity,orderMultiple\n${f.toolSku},5.00,,,\n`,
      }),
      bad: {
        csv: fc.oneof(
          wrongType,
          fc.constantFrom('', 'sku,colour\nA-1,red', 'price\n5', 'x'.repeat(4_000_001)),
        ),
      },
      required: ['csv'],
    },
  },
  {
    method: 'get',
    path: '/pricing/explain',
    credentials: 'customer',
    query: {
      sku: fc.constantFrom(' ', '-lead', 'a b', long(33), ['a', 'b']),
      quantity: fc.constantFrom('0', '-1', '1.5', 'abc', '1000001', ['1', '2']),
      companyId: fc.constantFrom('abc', 'zzzzzzzzzzzzzzzzzzzzzzzz', ['a', 'b']),
      date: fc.constantFrom('2026-13-01', 'yesterday', ['2026-01-01', '2026-01-02']),
    },
  },
];
