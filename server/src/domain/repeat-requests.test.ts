import { describe, expect, it } from 'vitest';
import { cartAgainst, idempotencyCutoff, idempotencyDecision } from './repeat-requests.js';

const a = { toolId: 'a', quantity: 2 };
const b = { toolId: 'b', quantity: 5 };

describe('cartAgainst', () => {
  it.each([
    ['the same lines in another order', [a, b], [b, a], 'SAME'],
    ['an empty cart', [a, b], [], 'EMPTY'],
    ['a line gone', [a, b], [a], 'CHANGED'],
    ['a line added', [a], [a, b], 'CHANGED'],
    ['a quantity changed', [a, b], [a, { ...b, quantity: 6 }], 'CHANGED'],
    ['another tool at the same count', [a], [{ toolId: 'c', quantity: 2 }], 'CHANGED'],
  ] as const)('when the cart holds %s, then %s', (_, ordered, cart, expected) => {
    expect(cartAgainst(ordered, cart)).toBe(expected);
  });
});

describe('idempotencyDecision', () => {
  const claim = { scope: 'checkout', key: 'k', fingerprint: 'f' } as const;
  it.each([
    ['no key on record', null, 'NEW'],
    ['the same request on record', { fingerprint: 'f' }, 'REPLAY'],
    ['another request on record', { fingerprint: 'g' }, 'REUSED'],
  ] as const)('when %s, then %s', (_, recorded, expected) => {
    expect(idempotencyDecision(recorded, claim)).toBe(expected);
  });

  it('when a key was used a day ago, then it is past the cutoff', () => {
    expect(idempotencyCutoff('2026-11-28T12:00:00.000Z')).toBe('2026-11-27T12:00:00.000Z');
  });
});
