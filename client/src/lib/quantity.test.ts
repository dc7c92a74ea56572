import { describe, expect, it } from 'vitest';
import { quantityProblem, quantityRules, stepDown, stepUp } from './quantity';

// Issue 50: quantity steppers move in whole packs and order multiples.
describe('stepUp and stepDown', () => {
  it.each([
    // quantity, minimum, step, up, down
    [5, 5, 1, 6, 5],
    [7, 5, 1, 8, 6],
    [0, 5, 1, 5, 0],
    [100, 100, 100, 200, 100],
    [200, 100, 100, 300, 100],
    [150, 100, 100, 200, 100],
    [0, 100, 100, 100, 0],
    [18, 12, 6, 24, 12],
    [13, 12, 6, 18, 12],
  ])(
    'when the quantity is %i (minimum %i, step %i), then plus gives %i and minus %i',
    (quantity, minimum, step, up, down) => {
      expect(stepUp(quantity, minimum, step)).toBe(up);
      expect(stepDown(quantity, minimum, step)).toBe(down);
    },
  );
});

describe('quantityRules', () => {
  it.each([
    ['an ordinary tool', { MinimumOrderQuantity: 10 }, { minimum: 10, step: 1, packSize: 1 }],
    [
      'a pack of 100, minimum 1',
      { MinimumOrderQuantity: 1, packSize: 100 },
      { minimum: 100, step: 100, packSize: 100 },
    ],
    [
      'a pack of 100, minimum 150',
      { MinimumOrderQuantity: 150, packSize: 100 },
      { minimum: 200, step: 100, packSize: 100 },
    ],
    [
      'multiples of 6',
      { MinimumOrderQuantity: 12, orderMultiple: 6 },
      { minimum: 12, step: 6, packSize: 1 },
    ],
    [
      "a contract's multiple",
      {
        MinimumOrderQuantity: 1,
        orderMultiple: 1,
        contractPrice: { minimumOrderQuantity: 6, orderMultiple: 6 },
      },
      { minimum: 6, step: 6, packSize: 1 },
    ],
    [
      "a cart line's step",
      { MinimumOrderQuantity: 1, packSize: 100, quantityStep: 100 },
      { minimum: 100, step: 100, packSize: 100 },
    ],
  ])('when %s, then %o', (_, tool, rules) => {
    expect(quantityRules(tool)).toEqual(rules);
  });
});

describe('quantityProblem', () => {
  it.each([
    [150, 100, 1000, { step: 100, packSize: 100 }, 'Order in packs of 100'],
    [13, 12, 100, { step: 6, packSize: 1 }, 'Order in multiples of 6'],
    [200, 100, 1000, { step: 100, packSize: 100 }, null],
    [7, 5, 100, undefined, null],
  ])(
    'when %i is asked (minimum %i, stock %i), then %s',
    (quantity, minimum, stock, rules, problem) => {
      expect(quantityProblem(quantity, minimum, stock, rules)).toBe(problem);
    },
  );
});
