import { describe, expect, it } from 'vitest';
import type { TaxCategory, TaxRule } from './tax.js';
import {
  ecSalesList,
  euDistanceSalesMeter,
  monthBounds,
  nexusMeter,
  ossReturn,
  quarterBounds,
  salesTaxReport,
  yearBounds,
  type ReportLine,
} from './tax-reports.js';

const line = (
  orderId: string,
  netCents: number,
  tax: { rule: TaxRule; category: TaxCategory; ratePercent?: number; cents?: number },
  where: { country: string; state?: string; vatId?: string },
): ReportLine => ({
  orderId,
  shipToCountry: where.country,
  ...(where.state && { shipToState: where.state }),
  ...(where.vatId && { buyerVatId: where.vatId }),
  netCents,
  tax: {
    ratePercent: tax.ratePercent ?? 0,
    category: tax.category,
    rule: tax.rule,
    cents: tax.cents ?? 0,
  },
});

const K = { rule: 'eu-intra-community-supply', category: 'K' } as const;
const oss = (ratePercent: number, cents: number) =>
  ({ rule: 'eu-distance-sale-oss', category: 'S', ratePercent, cents }) as const;
const nexus = (ratePercent: number, cents: number) =>
  ({ rule: 'us-nexus', category: ratePercent ? 'S' : 'Z', ratePercent, cents }) as const;
const noNexus = { rule: 'us-no-nexus', category: 'O' } as const;
const resale = { rule: 'us-resale-exemption', category: 'E' } as const;

describe('report periods', () => {
  it.each([
    ['2026-Q1', '2026-01-01T00:00:00.000Z', '2026-04-01T00:00:00.000Z'],
    ['2026-Q4', '2026-10-01T00:00:00.000Z', '2027-01-01T00:00:00.000Z'],
  ])('when the quarter is %s, then [%s, %s)', (quarter, from, to) => {
    expect(quarterBounds(quarter)).toEqual([from, to]);
  });

  it.each([
    ['2026-02', '2026-02-01T00:00:00.000Z', '2026-03-01T00:00:00.000Z'],
    ['2026-12', '2026-12-01T00:00:00.000Z', '2027-01-01T00:00:00.000Z'],
  ])('when the month is %s, then [%s, %s)', (month, from, to) => {
    expect(monthBounds(month)).toEqual([from, to]);
  });

  it('when the year is 2026, then its UTC calendar year', () => {
    expect(yearBounds(2026)).toEqual(['2026-01-01T00:00:00.000Z', '2027-01-01T00:00:00.000Z']);
  });
});

describe('ecSalesList', () => {
  it.each<[string, ReportLine[], ReturnType<typeof ecSalesList>]>([
    ['no K lines', [line('o1', 5000, oss(20, 1000), { country: 'FR' })], []],
    [
      'one buyer over two orders: summed',
      [
        line('o1', 25_000, K, { country: 'FR', vatId: 'FR40303265045' }),
        line('o2', 1_001, K, { country: 'FR', vatId: 'FR40303265045' }),
      ],
      [{ country: 'FR', vatNumber: '40303265045', netCents: 26_001 }],
    ],
    [
      "Greece's prefix stays EL; sorted by country then number",
      [
        line('o1', 300, K, { country: 'NL', vatId: 'NL004495445B01' }),
        line('o2', 200, K, { country: 'GR', vatId: 'EL094259216' }),
        line('o3', 100, K, { country: 'FR', vatId: 'FR40303265045' }),
        line('o4', 50, K, { country: 'FR', vatId: 'FR03552081317' }),
      ],
      [
        { country: 'EL', vatNumber: '094259216', netCents: 200 },
        { country: 'FR', vatNumber: '03552081317', netCents: 50 },
        { country: 'FR', vatNumber: '40303265045', netCents: 100 },
        { country: 'NL', vatNumber: '004495445B01', netCents: 300 },
      ],
    ],
    [
      'an ID typed with spaces and lower case is the same buyer',
      [
        line('o1', 100, K, { country: 'FR', vatId: 'fr 40 303265045' }),
        line('o2', 100, K, { country: 'FR', vatId: 'FR40303265045' }),
      ],
      [{ country: 'FR', vatNumber: '40303265045', netCents: 200 }],
    ],
    [
      'a K line without an ID: the ship-to prefix, no number',
      [line('o1', 100, K, { country: 'GR' })],
      [{ country: 'EL', vatNumber: '', netCents: 100 }],
    ],
  ])('when %s, then the rows', (_case, lines, rows) => {
    expect(ecSalesList(lines)).toEqual(rows);
  });
});

describe('ossReturn', () => {
  it('when consumers abroad were taxed at home, at home or at the destination, then only the destination sales, per country and rate, orders counted once', () => {
    const origin = { rule: 'eu-distance-sale-origin', category: 'S', ratePercent: 19 } as const;
    const rows = ossReturn([
      line('o1', 10_000, oss(20, 2_000), { country: 'FR' }),
      line('o1', 1_000, oss(5.5, 55), { country: 'FR' }),
      line('o2', 3_333, oss(20, 667), { country: 'FR' }),
      line('o3', 5_000, oss(24, 1_200), { country: 'GR' }),
      line('o4', 9_999, origin, { country: 'FR' }),
      line('o5', 9_999, { rule: 'domestic', category: 'S', ratePercent: 19 }, { country: 'DE' }),
    ]);
    expect(rows).toEqual([
      { country: 'FR', ratePercent: 5.5, netCents: 1_000, vatCents: 55, orders: 1 },
      { country: 'FR', ratePercent: 20, netCents: 13_333, vatCents: 2_667, orders: 2 },
      { country: 'GR', ratePercent: 24, netCents: 5_000, vatCents: 1_200, orders: 1 },
    ]);
  });
});

describe('salesTaxReport', () => {
  it('when a US seller shipped to nexus and other states, then per state: taxable, exempt (certificate, zero-rated), no nexus, tax, orders', () => {
    const rows = salesTaxReport([
      line('o1', 100_000, nexus(8.875, 8_875), { country: 'US', state: 'NY' }),
      line('o1', 2_000, nexus(0, 0), { country: 'US', state: 'NY' }),
      line('o2', 50_000, resale, { country: 'US', state: 'NY' }),
      line('o3', 1_000, nexus(6.25, 63), { country: 'US', state: 'TX' }),
      line('o4', 7_000, noNexus, { country: 'US', state: 'CA' }),
      line('o5', 9_000, { rule: 'us-outside', category: 'O' }, { country: 'CA' }),
      line('o6', 9_000, { rule: 'eu-export', category: 'G' }, { country: 'US', state: 'NY' }),
    ]);
    expect(rows).toEqual([
      {
        state: 'CA',
        taxableCents: 0,
        exemptCents: 0,
        nonNexusCents: 7_000,
        taxCents: 0,
        orders: 1,
      },
      {
        state: 'NY',
        taxableCents: 100_000,
        exemptCents: 52_000,
        nonNexusCents: 0,
        taxCents: 8_875,
        orders: 2,
      },
      {
        state: 'TX',
        taxableCents: 1_000,
        exemptCents: 0,
        nonNexusCents: 0,
        taxCents: 63,
        orders: 1,
      },
    ]);
  });
});

describe('nexusMeter', () => {
  const orders = (count: number, state: string, eachCents: number) =>
    Array.from({ length: count }, (_, i) =>
      line(`${state}-${i}`, eachCents, noNexus, { country: 'US', state }),
    );

  it.each([
    [
      'below both',
      orders(199, 'OH', 50_000),
      {
        crossedRevenue: false,
        crossedOrders: false,
        crossed: false,
        revenuePercent: 99,
        ordersPercent: 99,
      },
    ],
    [
      '200 orders, little revenue',
      orders(200, 'OH', 100),
      {
        crossedRevenue: false,
        crossedOrders: true,
        crossed: true,
        revenuePercent: 0,
        ordersPercent: 100,
      },
    ],
    [
      'exactly $100,000 in one order',
      orders(1, 'OH', 10_000_000),
      {
        crossedRevenue: true,
        crossedOrders: false,
        crossed: true,
        revenuePercent: 100,
        ordersPercent: 0,
      },
    ],
    [
      '$150,000',
      orders(3, 'OH', 5_000_000),
      { crossedRevenue: true, crossed: true, revenuePercent: 150, ordersPercent: 1 },
    ],
  ])('when %s, then the flags and percentages', (_case, lines, expected) => {
    expect(nexusMeter(lines)[0]).toMatchObject({ state: 'OH', ...expected });
  });

  it('when lines of one order, states without a sale, abroad or stateless, then orders counted once, those left out, most revenue first', () => {
    const rows = nexusMeter([
      line('a', 1_000, nexus(8.875, 89), { country: 'US', state: 'NY' }),
      line('a', 2_000, resale, { country: 'US', state: 'NY' }),
      line('b', 5_000, noNexus, { country: 'US', state: 'CA' }),
      line('c', 500, noNexus, { country: 'US', state: 'AK' }),
      line('d', 500, noNexus, { country: 'US', state: 'AL' }),
      line('e', 9_000, { rule: 'us-outside', category: 'O' }, { country: 'CA' }),
      line('f', 9_000, { rule: 'eu-export', category: 'G' }, { country: 'US' }),
    ]);
    expect(rows.map((r) => [r.state, r.revenueCents, r.orders])).toEqual([
      ['CA', 5_000, 1],
      ['NY', 3_000, 1],
      ['AK', 500, 1],
      ['AL', 500, 1],
    ]);
  });
});

describe('euDistanceSalesMeter', () => {
  it.each([
    ['nothing sold', 0, 0, { over: false, overThisYear: false, overLastYear: false, percent: 0 }],
    [
      'exactly EUR 10,000 this year',
      1_000_000,
      0,
      { over: false, overThisYear: false, percent: 100 },
    ],
    [
      'a cent above this year',
      1_000_001,
      0,
      { over: true, overThisYear: true, overLastYear: false },
    ],
    [
      'last year above, this year little',
      5_000,
      1_000_001,
      { over: true, overThisYear: false, overLastYear: true, percent: 0 },
    ],
    ['last year exactly at it', 5_000, 1_000_000, { over: false, overLastYear: false }],
  ])(
    'when %s, then the destination rate applies as the decision reads it',
    (_case, thisYear, lastYear, expected) => {
      expect(euDistanceSalesMeter(2026, thisYear, lastYear)).toMatchObject({
        year: 2026,
        thisYearCents: thisYear,
        lastYearCents: lastYear,
        thresholdCents: 1_000_000,
        ...expected,
      });
    },
  );
});
