import { describe, expect, it } from 'vitest';
import { parentProblem } from './price-list-parents.js';

// a <- b <- c <- d <- e <- f: f has five parents, the most PRICE_LIST_MAX_DEPTH allows.
const chain = new Map<string, string | null>([
  ['a', null],
  ['b', 'a'],
  ['c', 'b'],
  ['d', 'c'],
  ['e', 'd'],
  ['f', 'e'],
  ['x', null],
]);

describe('parentProblem', () => {
  it.each([
    ['no parent', 'a', null, null],
    ['an unknown parent', null, 'zz', 'PARENT_NOT_FOUND'],
    ['its own parent', 'a', 'a', 'PARENT_CYCLE'],
    ['a descendant as parent', 'b', 'e', 'PARENT_CYCLE'],
    ['a new list under the fifth level', null, 'e', null],
    ['a new list under the sixth level', null, 'f', 'PARENT_CYCLE'],
    ['a chain pushed one deeper from above', 'a', 'x', 'PARENT_CYCLE'],
    ['a short chain moved under another', 'e', 'x', null],
  ] as const)(
    'when a list takes %s, then the save is refused or not as the table says',
    (_, id, parentId, expected) => {
      expect(parentProblem(chain, id, parentId)).toBe(expected);
    },
  );
});
