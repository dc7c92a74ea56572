import { describe, expect, it } from 'vitest';
import {
  explainInWords,
  priceSchedule,
  resolvePrice,
  type BuyerPricing,
  type PricedTool,
  type PricingList,
  type PricingRule,
} from './pricing.js';

const drill: PricedTool = {
  sku: 'DR-100',
  category: 'drill-bits',
  priceCents: 1240,
  priceTiers: [{ minQuantity: 50, priceCents: 1100 }],
  minimumOrderQuantity: 1,
};

const fixed = (
  priceCents: number,
  more: Partial<Extract<PricingRule, { type: 'fixed' }>> = {},
): PricingRule => ({
  type: 'fixed',
  sku: 'dr-100',
  priceCents,
  breaks: [],
  minimumOrderQuantity: null,
  orderMultiple: null,
  ...more,
});

const list = (id: string, rules: PricingRule[], more: Partial<PricingList> = {}): PricingList => ({
  id,
  name: id,
  currency: 'USD',
  validFrom: null,
  validTo: null,
  parentId: null,
  versions: [{ startsOn: null, rules }],
  ...more,
});

const buyer = (
  assigned: PricingList[],
  policy: BuyerPricing['policy'] = 'lowest',
  more: PricingList[] = [],
): BuyerPricing => ({
  policy,
  listIds: assigned.map((l) => l.id),
  lists: new Map([...assigned, ...more].map((l) => [l.id, l])),
});

const price = (b: BuyerPricing | undefined, quantity = 1, date = '2026-06-01', tool = drill) =>
  resolvePrice(tool, quantity, date, 'USD', b).unitPriceCents;

describe('resolvePrice', () => {
  it.each([
    ['no buyer: the list price', undefined, 1, 1240],
    ['no buyer, 50 pieces: the volume price', undefined, 50, 1100],
    ['a list with no rule for the tool: the list price', buyer([list('L', [])]), 1, 1240],
    ['fixed net price', buyer([list('L', [fixed(790)])]), 1, 790],
    ['SKU compared without case', buyer([list('L', [fixed(790, { sku: 'DR-100' })])]), 1, 790],
    [
      'fixed price breaks',
      buyer([list('L', [fixed(790, { breaks: [{ minQuantity: 100, priceCents: 700 }] })])]),
      100,
      700,
    ],
    ['whole list -30% of the base', buyer([list('L', [{ type: 'all', percentOff: 30 }])]), 1, 868],
    [
      'percentage applies to the volume price reached',
      buyer([list('L', [{ type: 'all', percentOff: 30 }])]),
      50,
      770,
    ],
    [
      'category -35%',
      buyer([list('L', [{ type: 'category', category: 'drill-bits', percentOff: 35 }])]),
      1,
      806,
    ],
    [
      'another category does not apply',
      buyer([list('L', [{ type: 'category', category: 'saws', percentOff: 35 }])]),
      1,
      1240,
    ],
    [
      'category beats the whole list within one list',
      buyer([
        list('L', [
          { type: 'all', percentOff: 10 },
          { type: 'category', category: 'drill-bits', percentOff: 35 },
        ]),
      ]),
      1,
      806,
    ],
    [
      'fixed beats a percentage within one list (even when dearer)',
      buyer([list('L', [{ type: 'all', percentOff: 50 }, fixed(900)])]),
      1,
      900,
    ],
    [
      'lowest of two lists',
      buyer([list('A', [fixed(900)]), list('B', [{ type: 'all', percentOff: 30 }])]),
      1,
      868,
    ],
    [
      'priority: the first list with a rule, though dearer',
      buyer([list('A', [fixed(900)]), list('B', [{ type: 'all', percentOff: 30 }])], 'priority'),
      1,
      900,
    ],
    [
      'priority skips a first list without a rule for the tool',
      buyer(
        [list('A', [fixed(500, { sku: 'OTHER' })]), list('B', [{ type: 'all', percentOff: 30 }])],
        'priority',
      ),
      1,
      868,
    ],
    [
      'a list in another currency never applies',
      buyer([list('E', [fixed(100)], { currency: 'EUR' })]),
      1,
      1240,
    ],
  ])('%s', (_, b, quantity, expected) => {
    expect(price(b, quantity)).toBe(expected);
  });

  it('lowest compares the lists at the quantity bought', () => {
    const b = buyer([
      list('A', [fixed(900, { breaks: [{ minQuantity: 100, priceCents: 600 }] })]),
      list('B', [fixed(800)]),
    ]);
    expect(price(b, 99)).toBe(800);
    expect(price(b, 100)).toBe(600);
  });

  describe('validity window (inclusive days)', () => {
    const b = buyer([list('L', [fixed(790)], { validFrom: '2026-06-01', validTo: '2026-06-30' })]);
    it.each([
      ['2026-05-31', 1240],
      ['2026-06-01', 790],
      ['2026-06-30', 790],
      ['2026-07-01', 1240],
    ])('on %s: %i', (date, expected) => {
      expect(price(b, 1, date)).toBe(expected);
    });
    it('says why a list is skipped', () => {
      expect(resolvePrice(drill, 1, '2026-07-01', 'USD', b).skipped).toEqual([
        { listId: 'L', listName: 'L', reason: 'valid until 2026-06-30' },
      ]);
    });
  });

  describe('future-dated versions', () => {
    const b = buyer([
      list('L', [], {
        versions: [
          { startsOn: null, rules: [fixed(790)] },
          { startsOn: '2027-01-01', rules: [fixed(850)] },
        ],
      }),
    ]);
    it.each([
      ['2026-12-31', 790],
      ['2027-01-01', 850],
      ['2027-06-01', 850],
    ])('on %s: %i', (date, expected) => {
      expect(price(b, 1, date)).toBe(expected);
    });
    it('records the version written onto the order line', () => {
      expect(resolvePrice(drill, 1, '2027-02-01', 'USD', b).list).toEqual({
        listId: 'L',
        listName: 'L',
        versionStartsOn: '2027-01-01',
      });
    });
  });

  describe('parent lists', () => {
    const distributor = list('Distributor', [{ type: 'all', percentOff: 30 }]);
    it('a percentage applies to the parent price', () => {
      const gold = list('Gold', [{ type: 'all', percentOff: 10 }], { parentId: 'Distributor' });
      // 12.40 -30% = 8.68, -10% = 7.81(2)
      expect(price(buyer([gold], 'lowest', [distributor]))).toBe(781);
    });
    it('a derived list without a rule passes the parent price on', () => {
      const child = list('Child', [], { parentId: 'Distributor' });
      expect(price(buyer([child], 'lowest', [distributor]))).toBe(868);
    });
    it('a parent out of force leaves the base', () => {
      const old = { ...distributor, validTo: '2020-01-01' };
      const gold = list('Gold', [{ type: 'all', percentOff: 10 }], { parentId: 'Distributor' });
      expect(price(buyer([gold], 'lowest', [old]))).toBe(1116);
    });
    it('a cycle ends (no endless recursion)', () => {
      const a = list('A', [], { parentId: 'B' });
      const b = list('B', [], { parentId: 'A' });
      expect(price(buyer([a], 'lowest', [b]))).toBe(1240);
    });
    it('explains each step', () => {
      const contract = list('Contract', [fixed(790)]);
      const decision = resolvePrice(drill, 1, '2026-06-01', 'USD', buyer([distributor, contract]));
      expect(explainInWords(decision)).toBe(
        'base 12.40 -> Distributor -30% 8.68 -> contract fixed 7.90 (applies)',
      );
      expect(decision.applied).toMatchObject({
        source: 'list',
        listName: 'Contract',
        applies: true,
      });
      expect(decision.listPriceCents).toBe(1240);
    });
  });

  it('a list that is assigned to nobody applies to nobody (only assigned ids count)', () => {
    const unassigned = list('U', [fixed(100)]);
    expect(price({ policy: 'lowest', listIds: [], lists: new Map([['U', unassigned]]) })).toBe(
      1240,
    );
  });

  it('a deleted list (id with no list) is ignored', () => {
    expect(price({ policy: 'lowest', listIds: ['gone'], lists: new Map() })).toBe(1240);
  });

  describe('quantities', () => {
    it('the nearest agreement per field: first list setting it, else the tool', () => {
      const b = buyer([
        list('A', [fixed(900, { orderMultiple: 10 })]),
        list('B', [fixed(800, { minimumOrderQuantity: 20, orderMultiple: 5 })]),
      ]);
      const decision = resolvePrice(drill, 20, '2026-06-01', 'USD', b);
      expect(decision).toMatchObject({ minimumOrderQuantity: 20, orderMultiple: 10 });
    });
    it('packs: the step is the pack, the least quantity a whole pack', () => {
      const rivets = { ...drill, packSize: 100, minimumOrderQuantity: 1 };
      expect(resolvePrice(rivets, 200, '2026-06-01', 'USD')).toMatchObject({
        quantityStep: 100,
        leastQuantity: 100,
      });
    });
    it('a price per 100 pieces: the line total divides by the basis, rounded once', () => {
      const rivets = { ...drill, priceCents: 1890, priceTiers: [], priceBasis: 100 };
      expect(resolvePrice(rivets, 150, '2026-06-01', 'USD').lineTotalCents).toBe(2835);
      expect(resolvePrice(rivets, 1, '2026-06-01', 'USD').lineTotalCents).toBe(19);
    });
  });
});

describe('priceSchedule', () => {
  it('gives the price at the least quantity and each change above it', () => {
    const b = buyer([
      list('A', [fixed(900, { breaks: [{ minQuantity: 100, priceCents: 600 }] })]),
      list('B', [{ type: 'all', percentOff: 30 }]),
    ]);
    const { first, tiers } = priceSchedule(drill, '2026-06-01', 'USD', b);
    // 1-49: B 8.68; 50-99: B 7.70 (off the volume price); 100+: A 6.00
    expect(first.unitPriceCents).toBe(868);
    expect(tiers).toEqual([
      { minQuantity: 50, priceCents: 770 },
      { minQuantity: 100, priceCents: 600 },
    ]);
    for (const q of [1, 49, 50, 99, 100, 500])
      expect(price(b, q)).toBe(
        [{ minQuantity: 1, priceCents: first.unitPriceCents }, ...tiers]
          .filter((t) => t.minQuantity <= q)
          .at(-1)?.priceCents,
      );
  });
});
