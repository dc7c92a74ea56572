import { describe, expect, it } from 'vitest';
import { returnDecision } from './returns.js';

const delivered = {
  status: 'delivered',
  deliveredAt: '2026-11-01T12:00:00.000Z',
  items: [{ toolId: 't', quantity: 10 }],
};

describe('returnDecision', () => {
  it.each([
    ['within the window', delivered, '2026-11-30T12:00:00.000Z', 2, 0, 'ok'],
    ['on the last moment', delivered, '2026-12-01T12:00:00.000Z', 2, 0, 'ok'],
    ['a second late', delivered, '2026-12-01T12:00:01.000Z', 2, 0, 'WINDOW_CLOSED'],
    [
      'not delivered',
      { ...delivered, status: 'shipped' },
      '2026-11-02T00:00:00.000Z',
      1,
      0,
      'NOT_DELIVERED',
    ],
    ['all that is left', delivered, '2026-11-02T00:00:00.000Z', 4, 6, 'ok'],
    ['more than is left', delivered, '2026-11-02T00:00:00.000Z', 5, 6, 'TOO_MANY'],
  ])('when %s, then %s', (_name, order, now, quantity, already, expected) => {
    const decision = returnDecision({
      order,
      alreadyReturned: new Map([['t', already]]),
      lines: [{ toolId: 't', quantity }],
      now: new Date(now),
      days: 30,
    });
    expect(decision.ok ? 'ok' : decision.reason).toBe(expected);
  });
});
