import { describe, expect, it } from 'vitest';
import { checkRefund, creditForLines, creditForSum, splitCents } from './refunds.js';

const net19 = {
  lines: [
    {
      name: 'Drill',
      quantity: 3,
      unitPriceCents: 12_999,
      lineTotalCents: 38_997,
      tax: { ratePercent: 19, category: 'S' as const, taxCents: 7_409 },
    },
    {
      name: 'Saw',
      quantity: 2,
      unitPriceCents: 5_000,
      lineTotalCents: 10_000,
      tax: { ratePercent: 7, category: 'S' as const, taxCents: 700 },
    },
  ],
  taxRatePercent: 19,
  pricesIncludeTax: false,
  totalCents: 57_106,
  taxBreakdown: [
    { category: 'S' as const, ratePercent: 7, taxableCents: 10_000, taxCents: 700 },
    { category: 'S' as const, ratePercent: 19, taxableCents: 38_997, taxCents: 7_409 },
  ],
};

describe('checkRefund', () => {
  const base = { baseCents: 4000, orderLines: [{ toolId: 't', quantity: 10 }] };
  it.each([
    ['within what is left', 1000, 800, [], { ok: true }],
    ['all that is left', 3200, 800, [], { ok: true }],
    ['a cent over', 3201, 800, [], { ok: false, leftCents: 3200 }],
    ['nothing', 0, 0, [], { ok: false, leftCents: 4000 }],
    [
      'more units than left',
      100,
      0,
      [{ toolId: 't', quantity: 9 }],
      { ok: false, toolId: 't', leftQuantity: 8 },
    ],
    [
      'a tool not on the order',
      100,
      0,
      [{ toolId: 'x', quantity: 1 }],
      { ok: false, toolId: 'x', leftQuantity: 0 },
    ],
  ])('when %s, then %j', (_name, amountCents, refundedCents, lines, expected) => {
    expect(
      checkRefund({
        ...base,
        amountCents,
        refundedCents,
        refundedLines: new Map([['t', 2]]),
        lines,
      }),
    ).toEqual(expected);
  });
});

describe('splitCents', () => {
  it.each([
    [100, [1, 1, 1], [34, 33, 33]],
    [5000, [10_700, 46_406], [937, 4063]],
    [1, [0, 0], [1, 0]],
  ])('splits %i over %j as %j', (cents, weights, parts) => {
    expect(splitCents(cents, weights)).toEqual(parts);
    expect(parts.reduce((a, b) => a + b, 0)).toBe(cents);
  });
});

describe('credit amounts', () => {
  it('when one of three drills is credited, then its line is a third with its own tax by the rounding rule', () => {
    const credit = creditForLines(net19, [{ index: 0, quantity: 1 }]);
    expect(credit.lines).toEqual([
      expect.objectContaining({
        quantity: 1,
        lineTotalCents: 12_999,
        tax: expect.objectContaining({ taxCents: 2_470 }),
      }),
    ]);
    expect(credit).toMatchObject({ subtotalCents: 12_999, taxCents: 2_470, totalCents: 15_469 });
  });

  it('when a sum is credited on an invoice of two rates, then one line per rate, their total exactly the sum', () => {
    const credit = creditForSum(net19, 5_000, 'Refund: Late');
    expect(credit.lines.map((l) => [l.name, l.tax?.ratePercent])).toEqual([
      ['Refund: Late', 7],
      ['Refund: Late', 19],
    ]);
    expect(credit.totalCents).toBe(5_000);
    expect(credit.taxBreakdown).toHaveLength(2);
  });

  it('when the invoice is from before per-line tax, then the one rate is taken out of the sum', () => {
    const old = { lines: [], taxRatePercent: 10, totalCents: 1100 };
    expect(creditForSum(old, 1100, 'Refund')).toMatchObject({
      subtotalCents: 1000,
      taxCents: 100,
      totalCents: 1100,
    });
  });
});
