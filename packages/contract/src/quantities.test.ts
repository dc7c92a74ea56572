import { describe, expect, it } from 'vitest';
import {
  leastQuantity,
  nearestAllowed,
  packNotice,
  quantityStep,
  roundUpToAllowed,
  roundUpToStep,
} from './quantities.js';

describe('quantity steps', () => {
  it.each([
    [1, 1, 1],
    [100, 1, 100],
    [1, 6, 6],
    [100, 4, 100],
    [4, 6, 12],
  ])(
    'when packs of %s are ordered in multiples of %s, then the step is %s',
    (pack, multiple, step) => {
      expect(quantityStep(pack, multiple)).toBe(step);
    },
  );

  it.each([
    [150, 100, 200],
    [200, 100, 200],
    [1, 6, 6],
    [7, 1, 7],
  ])('when %s is rounded up to steps of %s, then it is %s', (quantity, step, rounded) => {
    expect(roundUpToStep(quantity, step)).toBe(rounded);
  });

  it.each([
    [1, 100, 100],
    [250, 100, 300],
    [12, 6, 12],
  ])(
    'when the minimum is %s in steps of %s, then the least order is %s',
    (minimum, step, least) => {
      expect(leastQuantity(minimum, step)).toBe(least);
    },
  );

  it.each([
    [150, 100, 100, 200],
    [149, 100, 100, 100],
    [8, 6, 6, 6],
    [9, 6, 12, 12],
    [40, 100, 200, 200],
  ])(
    'when %s is refused in steps of %s (least %s), then the nearest is %s',
    (quantity, step, least, nearest) => {
      expect(nearestAllowed(quantity, step, least)).toBe(nearest);
    },
  );
});

describe('roundUpToAllowed', () => {
  it.each([
    [150, 100, 100, 200],
    [200, 100, 100, 200],
    [1, 100, 100, 100],
    [5, 6, 12, 12],
    [13, 6, 12, 18],
    [6, 6, 12, 6],
    [7, 1, 10, 7],
  ])(
    'when %s is asked in steps of %s (least %s), then it becomes %s',
    (quantity, step, least, becomes) => {
      expect(roundUpToAllowed(quantity, step, least)).toBe(becomes);
    },
  );
});

describe('packNotice', () => {
  it.each([
    [1, 1, null],
    [100, 1, 'Sold in packs of 100'],
    [100, 4, 'Sold in packs of 100'],
    [1, 6, 'Order in multiples of 6'],
    [4, 6, 'Sold in packs of 4; order in multiples of 12'],
  ])('when packs of %s in multiples of %s, then it says %s', (pack, multiple, words) => {
    expect(packNotice(pack, multiple)).toBe(words);
  });
});
