import { describe, expect, it } from 'vitest';
import type { Allocation } from '@toolworks/contract/availability';
import { fromStock, holdsBatches, moveBatches } from './allocations.js';

const stock = (quantity: number): Allocation => ({
  quantity,
  from: 'stock',
  shipDate: '2030-03-10',
});
const batch = (quantity: number, day = '2030-04-01'): Allocation => ({
  quantity,
  from: 'batch',
  shipDate: day,
  batch: day,
});
const lead = (quantity: number): Allocation => ({ quantity, from: 'lead', shipDate: '2030-03-24' });

describe('fromStock', () => {
  it.each([
    ['a line placed before backorders', undefined, 7],
    ['stock and a batch', [stock(4), batch(6)], 4],
    ['a batch and the lead time', [batch(6), lead(2)], 0],
  ])('when %s, then %i units from the shelf', (_, allocations, expected) => {
    expect(fromStock({ quantity: 7, ...(allocations && { allocations }) })).toBe(expected);
  });
});

describe('holdsBatches', () => {
  it.each([
    [undefined, false],
    [[stock(3), lead(2)], false],
    [[stock(3), batch(2)], true],
  ])('when the parts are %o, then %s', (allocations, expected) => {
    expect(holdsBatches(allocations)).toBe(expected);
  });
});

describe('moveBatches', () => {
  const batches = [
    { quantity: 10, promised: 4, expectedDate: '2030-04-01' },
    { quantity: 5, promised: 0, expectedDate: '2030-05-01' },
  ];
  it.each([
    ['holding within a batch', [batch(6)], 1, [10, 0]],
    ['holding past a batch', [batch(7)], 1, null],
    ['holding from a batch since removed', [batch(1, '2030-06-01')], 1, null],
    ['returning to a batch', [batch(3)], -1, [1, 0]],
    ['returning more than promised', [batch(9)], -1, [0, 0]],
    ['returning to a batch since removed', [batch(2, '2030-06-01')], -1, [4, 0]],
    ['stock and lead parts only', [stock(3), lead(2)], 1, [4, 0]],
  ] as const)('when %s, then promised %o', (_, parts, sign, expected) => {
    const next = moveBatches(batches, parts, sign);
    expect(next && next.map((b) => b.promised)).toEqual(expected);
    expect(batches[0]?.promised).toBe(4);
  });
});
