import { describe, expect, it } from 'vitest';
import { mergeLines, planLines, type ToolFacts } from './order-lines.js';

const TODAY = '2030-03-10';

const tool = (overrides: Partial<ToolFacts> = {}): ToolFacts => ({
  name: 'Drill',
  sku: 'DR-1',
  category: 'drills',
  priceCents: 1_000,
  priceTiers: [],
  minimumOrderQuantity: 1,
  availableQuantity: 100,
  allowBackorders: false,
  leadTimeDays: null,
  incomingStock: [],
  ...overrides,
});

describe('mergeLines', () => {
  it.each([
    ['one line per tool', [{ toolId: 'a', quantity: 2 }], [{ toolId: 'a', quantity: 2 }]],
    [
      'a tool listed twice, summed in its first place',
      [
        { toolId: 'a', quantity: 2 },
        { toolId: 'b', quantity: 1 },
        { toolId: 'a', quantity: 3 },
      ],
      [
        { toolId: 'a', quantity: 5 },
        { toolId: 'b', quantity: 1 },
      ],
    ],
    [
      'an agreed price on the first line, kept',
      [
        { toolId: 'a', quantity: 2, unitPriceCents: 700 },
        { toolId: 'a', quantity: 1, unitPriceCents: 900 },
      ],
      [{ toolId: 'a', quantity: 3, unitPriceCents: 700 }],
    ],
    [
      'an agreed price only on a later line, not taken',
      [
        { toolId: 'a', quantity: 2 },
        { toolId: 'a', quantity: 1, unitPriceCents: 900 },
      ],
      [{ toolId: 'a', quantity: 3 }],
    ],
  ])('when %s, then one line each', (_, lines, expected) => {
    expect(mergeLines(lines)).toEqual(expected);
  });

  it('when lines are merged, then the request is left as it was', () => {
    const lines = [
      { toolId: 'a', quantity: 2 },
      { toolId: 'a', quantity: 3 },
    ];
    mergeLines(lines);
    expect(lines[0]?.quantity).toBe(2);
  });
});

describe('planLines: pricing', () => {
  const tiered = tool({
    priceCents: 1_250,
    priceTiers: [
      { minQuantity: 10, priceCents: 1_190 },
      { minQuantity: 50, priceCents: 1_100 },
    ],
  });
  it.each([
    ['below every tier', 9, undefined, 1_250, 11_250],
    ['at the first tier', 10, undefined, 1_190, 11_900],
    ['past the last tier', 60, undefined, 1_100, 66_000],
    ['a quote’s agreed price, whatever the tiers', 60, 999, 999, 59_940],
  ])('when %s (%i units), then %i cents each, %i in all', (_, quantity, agreed, unit, total) => {
    const plan = planLines(
      [{ toolId: 't', quantity, ...(agreed !== undefined && { unitPriceCents: agreed }) }],
      new Map([['t', tiered]]),
      TODAY,
    );
    expect(plan).toMatchObject({
      ok: true,
      totalCents: total,
      quantity,
      lines: [{ unitPriceCents: unit, lineTotalCents: total, name: 'Drill', sku: 'DR-1' }],
    });
  });

  it('when two lines are priced, then the total and quantity are their sums, the first line first', () => {
    const plan = planLines(
      [
        { toolId: 'b', quantity: 3 },
        { toolId: 'a', quantity: 2 },
      ],
      new Map([
        ['a', tool({ priceCents: 500 })],
        ['b', tool({ priceCents: 333, name: 'Bit' })],
      ]),
      TODAY,
    );
    expect(plan).toMatchObject({ ok: true, totalCents: 1_999, quantity: 5 });
    if (plan.ok) expect(plan.lines.map((line) => line.name)).toEqual(['Bit', 'Drill']);
  });
});

describe('planLines: refusals', () => {
  const tools = new Map<string, ToolFacts | undefined>([
    ['a', tool({ minimumOrderQuantity: 5, availableQuantity: 7, name: 'Saw' })],
    ['b', tool()],
  ]);
  it.each([
    ['no lines', [], undefined, { ok: false, reason: 'TOOL_NOT_FOUND', lines: [] }],
    [
      'an unknown tool',
      [{ toolId: 'zz', quantity: 5 }],
      undefined,
      {
        ok: false,
        reason: 'TOOL_NOT_FOUND',
        lines: [{ toolId: 'zz', name: '', availableQuantity: 0, minimumOrderQuantity: 0 }],
      },
    ],
    [
      'a line below its minimum',
      [{ toolId: 'a', quantity: 4 }],
      undefined,
      {
        ok: false,
        reason: 'BELOW_MINIMUM',
        lines: [{ toolId: 'a', name: 'Saw', availableQuantity: 7, minimumOrderQuantity: 5 }],
      },
    ],
    [
      'two lines of one tool reaching its minimum together',
      [
        { toolId: 'a', quantity: 2 },
        { toolId: 'a', quantity: 3 },
      ],
      5_000,
      { ok: true, totalCents: 5_000 },
    ],
    [
      'a total other than the one the buyer saw',
      [{ toolId: 'b', quantity: 2 }],
      1_999,
      { ok: false, reason: 'PRICE_CHANGED', totalCents: 2_000 },
    ],
    [
      'the total the buyer saw',
      [{ toolId: 'b', quantity: 2 }],
      2_000,
      { ok: true, totalCents: 2_000, unpromised: [] },
    ],
  ] as const)('when %s, then %o', (_, lines, expected, answer) => {
    expect(planLines(lines, tools, TODAY, expected)).toMatchObject(answer);
  });
});

describe('planLines: allocation', () => {
  const batch = { quantity: 20, promised: 0, expectedDate: '2030-04-01' };
  it.each([
    ['stock enough', tool({ availableQuantity: 10 }), 10, 'stock only', undefined],
    [
      'a batch beyond the stock',
      tool({ availableQuantity: 4, allowBackorders: true, incomingStock: [batch] }),
      10,
      'stock then the batch',
      [
        { quantity: 4, from: 'stock' },
        { quantity: 6, from: 'batch', batch: '2030-04-01', shipDate: '2030-04-01' },
      ],
    ],
    [
      'the lead time beyond the stock',
      tool({ availableQuantity: 0, allowBackorders: true, leadTimeDays: 14 }),
      3,
      'made to order',
      [{ quantity: 3, from: 'lead', shipDate: '2030-03-24' }],
    ],
  ])('when %s, then %s', (_, facts, quantity, __, allocations) => {
    const plan = planLines([{ toolId: 't', quantity }], new Map([['t', facts]]), TODAY);
    if (!plan.ok) throw new Error(plan.reason);
    expect(plan.unpromised).toEqual([]);
    expect(plan.lines[0]?.allocations).toEqual(
      allocations?.map((part) => expect.objectContaining(part)),
    );
  });

  it.each([
    ['more than the stock, no backorders', tool({ availableQuantity: 3 })],
    [
      'more than stock and batches, no lead time',
      tool({
        availableQuantity: 3,
        allowBackorders: true,
        incomingStock: [{ quantity: 2, promised: 0, expectedDate: '2030-04-01' }],
      }),
    ],
  ])('when %s, then the line is unpromised', (_, facts) => {
    const plan = planLines([{ toolId: 't', quantity: 6 }], new Map([['t', facts]]), TODAY);
    expect(plan).toMatchObject({
      ok: true,
      unpromised: [{ toolId: 't', availableQuantity: 3 }],
    });
  });
});

describe('planLines: buyers, packs and multiples', () => {
  const rivets = tool({ sku: 'RV-100', packSize: 100, priceCents: 1_890, priceBasis: 100 });
  it.each([
    [150, 1, 'QUANTITY_NOT_MULTIPLE'],
    [50, 1, 'QUANTITY_NOT_MULTIPLE'],
    [200, 300, 'BELOW_MINIMUM'],
    [200, 1, true],
  ])(
    'when %i rivets in packs of 100 are ordered (minimum %i), then %s',
    (quantity, minimum, expected) => {
      const tools = new Map([['t', { ...rivets, minimumOrderQuantity: minimum }]]);
      const plan = planLines([{ toolId: 't', quantity }], tools, TODAY);
      expect(plan.ok || plan.reason).toBe(expected);
    },
  );

  it('when 200 rivets priced per 100 are ordered, then the line is 2 x 18.90', () => {
    const plan = planLines([{ toolId: 't', quantity: 200 }], new Map([['t', rivets]]), TODAY);
    expect(plan.ok && plan.lines[0]).toMatchObject({
      unitPriceCents: 1_890,
      priceBasis: 100,
      lineTotalCents: 3_780,
    });
  });

  it("when the buyer's company has a contract price, then the line is priced and records the list", () => {
    const buyer = {
      policy: 'lowest' as const,
      listIds: ['L'],
      lists: new Map([
        [
          'L',
          {
            id: 'L',
            name: 'Contract',
            currency: 'USD',
            validFrom: null,
            validTo: null,
            parentId: null,
            versions: [
              {
                startsOn: null,
                rules: [
                  {
                    type: 'fixed' as const,
                    sku: 'DR-1',
                    priceCents: 790,
                    breaks: [],
                    minimumOrderQuantity: null,
                    orderMultiple: 5,
                  },
                ],
              },
            ],
          },
        ],
      ]),
    };
    const tools = new Map([['t', tool()]]);
    const pricing = { currency: 'USD', buyer };
    const off = planLines([{ toolId: 't', quantity: 3 }], tools, TODAY, undefined, pricing);
    expect(off.ok || off.reason).toBe('QUANTITY_NOT_MULTIPLE');
    const plan = planLines([{ toolId: 't', quantity: 5 }], tools, TODAY, undefined, pricing);
    expect(plan.ok && plan.lines[0]).toMatchObject({
      unitPriceCents: 790,
      lineTotalCents: 3_950,
      priceList: { listId: 'L', listName: 'Contract', versionStartsOn: null },
    });
  });
});
