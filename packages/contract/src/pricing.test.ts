import { describe, expect, it } from 'vitest';
import { CreateToolSchema } from './admin-tools.js';
import {
  lowestUnitPriceCents,
  nextTier,
  tierProblems,
  unitPriceCentsFor,
  type PriceTierCents,
} from './pricing.js';

// Base $12.50, minimum 10; 50+ at $11.90, 200+ at $10.75.
const base = 1250;
const tiers: PriceTierCents[] = [
  { minQuantity: 50, priceCents: 1190 },
  { minQuantity: 200, priceCents: 1075 },
];

describe('unitPriceCentsFor', () => {
  it.each([
    [10, 1250], // the minimum order
    [49, 1250], // the unit before the first tier
    [50, 1190], // the first tier's first unit
    [51, 1190],
    [199, 1190], // the unit before the second tier
    [200, 1075], // the second tier's first unit
    [100_000, 1075],
  ])('when %i units are priced, then each costs %i cents', (quantity, cents) => {
    expect(unitPriceCentsFor(base, tiers, quantity)).toBe(cents);
  });

  it('when the tool has no tiers, then every quantity pays the base price', () => {
    expect(unitPriceCentsFor(base, [], 1)).toBe(base);
    expect(unitPriceCentsFor(base, [], 1_000_000)).toBe(base);
  });

  it('when tiers come out of order, then the largest reached minimum still wins', () => {
    expect(unitPriceCentsFor(base, [...tiers].reverse(), 250)).toBe(1075);
  });
});

describe('nextTier', () => {
  it('when below a tier, then it says how many more units and what the tier saves', () => {
    expect(nextTier(base, tiers, 10)).toEqual({
      minQuantity: 50,
      priceCents: 1190,
      unitsMore: 40,
      savingsCents: (1250 - 1190) * 50,
    });
    expect(nextTier(base, tiers, 50)).toMatchObject({ minQuantity: 200, unitsMore: 150 });
    expect(nextTier(base, tiers, 199)).toMatchObject({ unitsMore: 1, savingsCents: 115 * 200 });
  });

  it('when at the top tier or without tiers, then there is no next tier', () => {
    expect(nextTier(base, tiers, 200)).toBeNull();
    expect(nextTier(base, [], 10)).toBeNull();
  });

  it('when the cheapest price is asked, then it is the last tier or the base', () => {
    expect(lowestUnitPriceCents(base, tiers)).toBe(1075);
    expect(lowestUnitPriceCents(base, [])).toBe(base);
  });
});

describe('tier rules', () => {
  it('when the tiers are sound, then there is no problem', () => {
    expect(tierProblems(tiers, base, 10)).toEqual([]);
  });

  it('when a tier breaks a rule, then the row and field at fault are named', () => {
    const bad: PriceTierCents[] = [
      { minQuantity: 10, priceCents: 1250 },
      { minQuantity: 8, priceCents: 1300 },
    ];
    expect(tierProblems(bad, base, 10)).toEqual([
      {
        path: [0, 'minQuantity'],
        message: 'Quantity must be more than the minimum order quantity (10)',
      },
      { path: [0, 'price'], message: 'Volume price must be below the price' },
      {
        path: [1, 'minQuantity'],
        message: 'Quantity must be more than the minimum order quantity (10)',
      },
      { path: [1, 'price'], message: 'Volume price must be below the price' },
    ]);
    expect(
      tierProblems(
        [
          { minQuantity: 50, priceCents: 1190 },
          { minQuantity: 50, priceCents: 1190 },
        ],
        base,
        10,
      ),
    ).toEqual([
      { path: [1, 'minQuantity'], message: 'Quantity must be more than the row above' },
      { path: [1, 'price'], message: 'Price must be below the row above' },
    ]);
  });
});

describe('CreateToolSchema priceTiers', () => {
  const tool = {
    name: 'Tiered Hammer',
    img: '/images/tools/hammer.svg',
    price: 12.5,
    description: 'Cheaper by the hundred.',
    availableQuantity: 1000,
    MinimumOrderQuantity: 10,
  };
  const messages = (input: object) => {
    const result = CreateToolSchema.safeParse(input);
    return result.success
      ? []
      : result.error.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`);
  };

  it('when tiers are left out, then the tool has none', () => {
    expect(CreateToolSchema.parse(tool).priceTiers).toEqual([]);
  });

  it('when each rule is broken, then its own message is given on its row', () => {
    expect(messages({ ...tool, priceTiers: [{ minQuantity: 50, price: 11.9 }] })).toEqual([]);
    expect(messages({ ...tool, priceTiers: [{ minQuantity: 50.5, price: 11.9 }] })).toEqual([
      'priceTiers.0.minQuantity: Quantity must be a whole number',
    ]);
    expect(messages({ ...tool, priceTiers: [{ minQuantity: 50, price: 11.999 }] })).toEqual([
      'priceTiers.0.price: Price can have at most 2 decimals (cents)',
    ]);
    expect(messages({ ...tool, priceTiers: [{ minQuantity: 5, price: 11.9 }] })).toEqual([
      'priceTiers.0.minQuantity: Quantity must be more than the minimum order quantity (10)',
    ]);
    expect(messages({ ...tool, priceTiers: [{ minQuantity: 50, price: 12.5 }] })).toEqual([
      'priceTiers.0.price: Volume price must be below the price',
    ]);
    const rising = [
      { minQuantity: 50, price: 11 },
      { minQuantity: 40, price: 11.5 },
    ];
    expect(messages({ ...tool, priceTiers: rising })).toEqual([
      'priceTiers.1.minQuantity: Quantity must be more than the row above',
      'priceTiers.1.price: Price must be below the row above',
    ]);
    const eleven = Array.from({ length: 11 }, (_, i) => ({
      minQuantity: 20 + i,
      price: 12 - i / 10,
    }));
    expect(messages({ ...tool, priceTiers: eleven })).toEqual([
      'priceTiers: At most 10 volume prices',
    ]);
    expect(messages({ ...tool, priceTiers: 'cheap' })).toEqual([
      'priceTiers: Volume prices must be a list',
    ]);
  });
});
