import { describe, expect, it } from 'vitest';
import { includedTaxCents, lineTaxCents, taxBreakdown, type TaxedLine } from './tax-amounts.js';

describe('lineTaxCents', () => {
  it.each([
    [1_000, 19, 190],
    [1_000, 8.875, 89],
    [250, 5.5, 14],
    [50, 1, 1],
    [49, 1, 0],
    [1_000, 0, 0],
    [-250, 5.5, -14],
    [333, 13.5, 45],
  ])('when %i cents net at %s%%, then %i cents of tax (half up)', (net, rate, tax) => {
    expect(lineTaxCents(net, rate)).toBe(tax);
  });
});

describe('includedTaxCents', () => {
  it.each([
    [2_500, 20, 417],
    [2_500, 0, 0],
    [11_900, 19, 1_900],
    [-2_500, 20, -417],
  ])('when %i cents include %s%%, then %i of them are tax', (gross, rate, tax) => {
    expect(includedTaxCents(gross, rate)).toBe(tax);
  });
});

describe('taxBreakdown', () => {
  const lines: TaxedLine[] = [
    { amountCents: 1_002, ratePercent: 19, category: 'S' },
    { amountCents: 1_002, ratePercent: 19, category: 'S' },
    { amountCents: 500, ratePercent: 7, category: 'S' },
    {
      amountCents: 4_000,
      ratePercent: 0,
      category: 'K',
      reason: 'Intra-Community supply',
      vatex: 'VATEX-EU-IC',
    },
  ];

  it('when prices are net, then one row per category and rate, tax per line then summed', () => {
    // 1,002 x 19% = 190.38 -> 190 per line, 380 in all; the total taxed once (2,004 x 19% =
    // 380.76) would give 381.
    expect(taxBreakdown(lines, { pricesIncludeTax: false })).toEqual([
      {
        category: 'K',
        ratePercent: 0,
        reason: 'Intra-Community supply',
        vatex: 'VATEX-EU-IC',
        taxableCents: 4_000,
        taxCents: 0,
      },
      { category: 'S', ratePercent: 7, taxableCents: 500, taxCents: 35 },
      { category: 'S', ratePercent: 19, taxableCents: 2_004, taxCents: 380 },
    ]);
  });

  it('when prices include tax, then the base is the amount less its tax', () => {
    expect(
      taxBreakdown([{ amountCents: 2_500, ratePercent: 20, category: 'S' }], {
        pricesIncludeTax: true,
      }),
    ).toEqual([{ category: 'S', ratePercent: 20, taxableCents: 2_083, taxCents: 417 }]);
  });

  it('when there are no lines, then no rows', () => {
    expect(taxBreakdown([], { pricesIncludeTax: false })).toEqual([]);
  });
});
