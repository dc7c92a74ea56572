import { describe, expect, it } from 'vitest';
import {
  allDelivered,
  lineProgress,
  planShipment,
  shipmentSplit,
  statusAfterShipment,
  unshippedAllocations,
} from './shipments.js';

const SAW = 'a'.repeat(24);
const DRILL = 'b'.repeat(24);
// 1,000 saws: 600 from stock, 300 from the batch of 15 Dec, 100 after the lead time (19 Dec).
const saws = {
  toolId: SAW,
  quantity: 1000,
  allocations: [
    { quantity: 600, from: 'stock' as const, shipDate: '2026-12-07' },
    { quantity: 300, from: 'batch' as const, shipDate: '2026-12-15', batch: '2026-12-15' },
    { quantity: 100, from: 'lead' as const, shipDate: '2026-12-19' },
  ],
};
const drills = { toolId: DRILL, quantity: 20 };
const shipment = (...lines: [string, number][]) => ({
  lines: lines.map(([toolId, quantity]) => ({ toolId, quantity })),
});

describe('lineProgress and shipmentSplit', () => {
  it.each([
    [
      'nothing has shipped',
      [],
      {
        now: 620,
        later: [
          { quantity: 300, shipDate: '2026-12-15' },
          { quantity: 100, shipDate: '2026-12-19' },
        ],
      },
    ],
    [
      'the 600 saws in stock shipped',
      [shipment([SAW, 600])],
      {
        now: 20,
        later: [
          { quantity: 300, shipDate: '2026-12-15' },
          { quantity: 100, shipDate: '2026-12-19' },
        ],
      },
    ],
    [
      'everything on hand shipped',
      [shipment([SAW, 600], [DRILL, 20])],
      {
        now: 0,
        later: [
          { quantity: 300, shipDate: '2026-12-15' },
          { quantity: 100, shipDate: '2026-12-19' },
        ],
      },
    ],
  ] as const)('when %s, then the split is as shown', (_, shipments, split) => {
    expect(shipmentSplit(lineProgress([saws, drills], shipments))).toEqual(split);
  });

  it('when a line was placed before backorders (no allocations), then all of it is on hand', () => {
    expect(lineProgress([drills], [shipment([DRILL, 5])])).toEqual([
      { toolId: DRILL, ordered: 20, shipped: 5, readyNow: 15, waiting: [] },
    ]);
  });
});

describe('planShipment', () => {
  const progress = lineProgress([saws, drills], [shipment([SAW, 100])]);
  it.each([
    [
      'no lines are given',
      undefined,
      {
        ok: true,
        lines: [
          { toolId: SAW, quantity: 500 },
          { toolId: DRILL, quantity: 20 },
        ],
      },
    ],
    [
      'part of one line is asked',
      [{ toolId: SAW, quantity: 200 }],
      { ok: true, lines: [{ toolId: SAW, quantity: 200 }] },
    ],
    [
      'exactly what is on hand is asked',
      [{ toolId: SAW, quantity: 500 }],
      { ok: true, lines: [{ toolId: SAW, quantity: 500 }] },
    ],
    [
      'a tool is asked twice',
      [
        { toolId: SAW, quantity: 300 },
        { toolId: SAW, quantity: 300 },
      ],
      {
        ok: false,
        reason: 'NOT_IN_STOCK',
        toolId: SAW,
        requested: 600,
        lineReadyNow: 500,
        readyNow: 520,
      },
    ],
    [
      'backordered units are asked',
      [{ toolId: SAW, quantity: 900 }],
      {
        ok: false,
        reason: 'NOT_IN_STOCK',
        toolId: SAW,
        requested: 900,
        lineReadyNow: 500,
        readyNow: 520,
      },
    ],
    [
      'a tool not in the order is asked',
      [{ toolId: 'c'.repeat(24), quantity: 1 }],
      { ok: false, reason: 'NOT_IN_ORDER', toolId: 'c'.repeat(24), readyNow: 520 },
    ],
  ] as const)('when %s, then %j', (_, request, plan) => {
    expect(planShipment(progress, request)).toEqual(plan);
  });

  it('when everything on hand has shipped, then there is nothing to ship', () => {
    const done = lineProgress([saws, drills], [shipment([SAW, 600], [DRILL, 20])]);
    expect(planShipment(done)).toEqual({ ok: false, reason: 'NOTHING_TO_SHIP', readyNow: 0 });
  });
});

describe('statusAfterShipment and allDelivered', () => {
  it.each([
    ['part of the order left', [shipment([SAW, 600])], 'partly_shipped'],
    [
      'all on hand left, the backorder waits',
      [shipment([SAW, 600], [DRILL, 20])],
      'partly_shipped',
    ],
    [
      'every unit left in two shipments',
      [shipment([SAW, 600], [DRILL, 20]), shipment([SAW, 400])],
      'shipped',
    ],
  ] as const)('when %s, then %s', (_, shipments, status) => {
    expect(statusAfterShipment([saws, drills], shipments)).toBe(status);
  });

  it.each([
    ['shipped', [{ deliveredAt: 'x' }, { deliveredAt: 'y' }], true],
    ['shipped', [{ deliveredAt: 'x' }, {}], false],
    ['partly_shipped', [{ deliveredAt: 'x' }], false],
    ['shipped', [], false],
  ] as const)(
    'when the order is %s with shipments %j, then delivered: %s',
    (status, shipments, expected) => {
      expect(allDelivered(status, shipments)).toBe(expected);
    },
  );
});

describe('unshippedAllocations', () => {
  it.each([
    [0, saws.allocations],
    [
      250,
      [
        { quantity: 350, from: 'stock', shipDate: '2026-12-07' },
        saws.allocations[1],
        saws.allocations[2],
      ],
    ],
    [600, [saws.allocations[1], saws.allocations[2]]],
  ] as const)('when %i units shipped, then what is left to give back is %j', (shipped, left) => {
    expect(unshippedAllocations(saws, shipped)).toEqual(left);
  });
});
