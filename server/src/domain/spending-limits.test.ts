import { describe, expect, it } from 'vitest';
import { countsMonth, monthStart, needsApproval, placedState } from './spending-limits.js';

describe('needsApproval', () => {
  it.each([
    ['not a company member', null, 50_000, 0, false],
    ['a member without limits', {}, 50_000, 0, false],
    ['at the limit per order', { perOrderCents: 10_000 }, 10_000, 0, false],
    ['a cent above the limit per order', { perOrderCents: 10_000 }, 10_001, 0, true],
    ['no limit per order (null)', { perOrderCents: null }, 10_001, 0, false],
    ['the month reaching its limit', { perMonthCents: 30_000 }, 10_000, 20_000, false],
    ['the month going past its limit', { perMonthCents: 30_000 }, 10_000, 20_001, true],
    ['within both limits', { perOrderCents: 10_000, perMonthCents: 30_000 }, 9_000, 0, false],
    [
      'within the order limit, past the month’s',
      { perOrderCents: 10_000, perMonthCents: 30_000 },
      9_000,
      25_000,
      true,
    ],
  ])('when %s, then %s', (_, limits, total, spent, expected) => {
    expect(needsApproval(limits, total, spent)).toBe(expected);
  });
});

describe('countsMonth', () => {
  it.each([
    [{}, false],
    [{ perOrderCents: 5 }, false],
    [{ perMonthCents: null }, false],
    [{ perMonthCents: 0 }, true],
  ])('when the limits are %o, then %s', (limits, expected) => {
    expect(countsMonth(limits)).toBe(expected);
  });
});

describe('monthStart', () => {
  it.each([
    ['2030-03-10T12:34:56.000Z', '2030-03-01T00:00:00.000Z'],
    ['2030-12-31T23:59:59.999Z', '2030-12-01T00:00:00.000Z'],
  ])('when it is %s, then the month began %s', (now, expected) => {
    expect(monthStart(now)).toBe(expected);
  });
});

describe('placedState', () => {
  const EXPIRES = '2030-03-10T12:30:00.000Z';
  const WINDOW = '2030-03-17T12:00:00.000Z';
  it.each([
    [
      'by card, within the limits',
      { awaiting: false, paymentMethod: 'card' },
      { status: 'unpaid', expiresAt: EXPIRES, paymentMethod: 'card', confirmOnTerms: false },
    ],
    [
      'by invoice, within the limits',
      { awaiting: false, paymentMethod: 'invoice' },
      { status: 'unpaid', expiresAt: EXPIRES, paymentMethod: 'invoice', confirmOnTerms: true },
    ],
    [
      'by card, above a limit',
      { awaiting: true, paymentMethod: 'card' },
      {
        status: 'awaiting_approval',
        expiresAt: WINDOW,
        paymentMethod: 'card',
        confirmOnTerms: false,
      },
    ],
    [
      'by invoice, above a limit',
      { awaiting: true, paymentMethod: 'invoice' },
      {
        status: 'awaiting_approval',
        expiresAt: WINDOW,
        paymentMethod: 'invoice',
        confirmOnTerms: false,
      },
    ],
  ] as const)('when placed %s, then %o', (_, given, expected) => {
    expect(placedState({ ...given, expiresAt: EXPIRES, approvalExpiresAt: WINDOW })).toEqual(
      expected,
    );
  });

  it('when above a limit with no approval window, then the stock is held without a clock', () => {
    expect(placedState({ awaiting: true, paymentMethod: 'card', expiresAt: EXPIRES })).toEqual({
      status: 'awaiting_approval',
      paymentMethod: 'card',
      confirmOnTerms: false,
    });
  });
});
