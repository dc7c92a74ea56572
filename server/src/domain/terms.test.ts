import { describe, expect, it } from 'vitest';
import {
  creditLeft,
  dueDateOf,
  invoiceState,
  overdueOf,
  remindersDue,
  termsCheck,
} from './terms.js';

describe('dueDateOf', () => {
  it.each([
    ['net-15', '2026-04-02T10:00:00.000Z', '2026-04-17'],
    ['net-30', '2026-04-02T10:00:00.000Z', '2026-05-02'],
    ['net-60', '2026-04-02T10:00:00.000Z', '2026-06-01'],
    ['net-30', '2026-01-31T23:59:59.000Z', '2026-03-02'],
    ['net-30', '2026-12-15T00:00:00.000Z', '2027-01-14'],
    ['net-15', '2028-02-20T08:00:00.000Z', '2028-03-06'],
  ] as const)('when issued on %s at %s, then due on %s', (terms, issuedAt, expected) => {
    expect(dueDateOf(terms, issuedAt)).toBe(expected);
  });
});

describe('termsCheck', () => {
  const now = '2026-04-02T10:00:00.000Z';
  const company = { paymentTerms: 'net-30', creditLimitCents: 100_000 } as const;
  it.each([
    ['not a member of a company', null, 0, 1, { ok: false, reason: 'NOT_ON_TERMS' }],
    [
      'a member of a company without terms',
      { paymentTerms: 'none', creditLimitCents: 100_000 },
      0,
      1,
      { ok: false, reason: 'NOT_ON_TERMS' },
    ],
    [
      'an order within the credit',
      company,
      40_000,
      60_000,
      { ok: true, terms: { paymentTerms: 'net-30', dueDate: '2026-05-02' } },
    ],
    [
      'an order one cent above the credit left',
      company,
      40_000,
      60_001,
      { ok: false, reason: 'CREDIT_LIMIT_EXCEEDED', availableCents: 60_000 },
    ],
    [
      'invoices owing more than the limit (lowered since)',
      company,
      120_000,
      1,
      { ok: false, reason: 'CREDIT_LIMIT_EXCEEDED', availableCents: 0 },
    ],
    [
      'a company with no credit',
      { paymentTerms: 'net-60', creditLimitCents: 0 },
      0,
      1,
      { ok: false, reason: 'CREDIT_LIMIT_EXCEEDED', availableCents: 0 },
    ],
  ] as const)('when %s, then %j', (_, buyerCompany, owedCents, orderCents, expected) => {
    expect(termsCheck({ company: buyerCompany, owedCents, orderCents, now })).toEqual(expected);
  });

  it('when invoices owe more than the limit, then no credit is left rather than a negative', () => {
    expect(creditLeft(100_000, 130_000)).toBe(0);
    expect(creditLeft(100_000, 30_000)).toBe(70_000);
  });
});

describe('invoiceState', () => {
  const day = '2026-05-02';
  it.each([
    ['nothing paid, due later', 0, '2026-05-03', 'open'],
    ['nothing paid, due today', 0, '2026-05-02', 'open'],
    ['part paid, due later', 400, '2026-05-03', 'partly_paid'],
    ['a balance past its due date', 400, '2026-05-01', 'overdue'],
    ['paid in full past its due date', 1_000, '2026-05-01', 'paid'],
  ] as const)('when %s, then %s', (_, paidCents, dueDate, expected) => {
    expect(invoiceState({ totalCents: 1_000, paidCents, dueDate }, day)).toBe(expected);
  });

  it('when some invoices are overdue, then their count and balance', () => {
    const invoices = [
      { totalCents: 1_000, paidCents: 400, dueDate: '2026-05-01' },
      { totalCents: 500, paidCents: 0, dueDate: '2026-04-01' },
      { totalCents: 700, paidCents: 700, dueDate: '2026-04-01' },
      { totalCents: 900, paidCents: 0, dueDate: '2026-05-02' },
    ];
    expect(overdueOf(invoices, day)).toEqual({ count: 2, balanceCents: 1_100 });
  });
});

describe('remindersDue', () => {
  const due = '2026-05-02';
  it.each([
    ['the day before the due date', '2026-05-01', [], { record: [], mail: null }],
    ['on the due date', '2026-05-02', [], { record: [0], mail: 0 }],
    ['on the due date, sent already', '2026-05-02', [0], { record: [], mail: null }],
    ['6 days late, the first sent', '2026-05-08', [0], { record: [], mail: null }],
    ['7 days late, the first sent', '2026-05-09', [0], { record: [7], mail: 7 }],
    ['14 days late, the first two sent', '2026-05-16', [0, 7], { record: [14], mail: 14 }],
    ['a year late, all sent', '2027-05-02', [0, 7, 14], { record: [], mail: null }],
    [
      '10 days late with none sent (the shop was down)',
      '2026-05-12',
      [],
      { record: [0, 7], mail: 7 },
    ],
    ['20 days late with only the first sent', '2026-05-22', [0], { record: [7, 14], mail: 14 }],
  ] as const)('when %s, then %j', (_, today, sent, expected) => {
    expect(remindersDue(due, today, sent)).toEqual(expected);
  });
});
