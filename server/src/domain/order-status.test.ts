import { ORDER_STATUSES } from '@toolworks/contract/orders';
import { describe, expect, it } from 'vitest';
import {
  countsAsOrder,
  HOLDING_STATUSES,
  isPaidStatus,
  isRevenue,
  KEPT_STATUSES,
  OPEN_STATUSES,
  PAYABLE_STATUSES,
  reviewIsVerified,
  SHIPPABLE_STATUSES,
  SHIPPED_STATUSES,
  SOLD_STATUSES,
  UNSPENT_STATUSES,
} from './order-status.js';

// Every contract status, with what it counts as: a status added to the contract fails here
// until someone decides each column for it.
const TABLE = [
  // status, order, paid, kept, open, shippable, shipped, payable, sold (for tax), holding
  ['unpaid', true, false, false, true, false, false, true, false, true],
  ['awaiting_approval', true, false, false, true, false, false, false, false, true],
  ['confirmed', true, false, false, false, true, false, false, true, true],
  ['paid', true, true, true, false, true, false, false, true, true],
  ['partly_shipped', true, true, true, false, true, false, false, true, true],
  ['shipped', true, true, true, false, false, true, false, true, false],
  ['delivered', true, true, true, false, false, true, false, true, false],
  ['cancelled', false, false, false, false, false, false, false, false, false],
  ['expired', false, false, false, false, false, false, true, false, false],
  ['refunded', true, true, false, false, false, false, false, false, false],
  ['rejected', false, false, false, false, false, false, false, false, false],
] as const;

describe('order status sets', () => {
  it('when the contract lists its statuses, then the table holds each once', () => {
    expect(TABLE.map(([status]) => status)).toEqual([...ORDER_STATUSES]);
  });

  it.each(TABLE)(
    'when an order is %s, then it counts as an order: %s, paid: %s, kept: %s, open: %s, shippable: %s, shipped: %s, payable: %s, sold: %s, holding: %s',
    (status, order, paid, kept, open, shippable, shipped, payable, sold, holding) => {
      expect(countsAsOrder(status)).toBe(order);
      expect(UNSPENT_STATUSES.includes(status)).toBe(!order);
      expect(isPaidStatus(status)).toBe(paid);
      expect(KEPT_STATUSES.includes(status)).toBe(kept);
      expect(OPEN_STATUSES.includes(status)).toBe(open);
      expect(SHIPPABLE_STATUSES.includes(status)).toBe(shippable);
      expect(SHIPPED_STATUSES.includes(status)).toBe(shipped);
      expect(PAYABLE_STATUSES.includes(status)).toBe(payable);
      expect(SOLD_STATUSES.includes(status)).toBe(sold);
      expect(HOLDING_STATUSES.includes(status)).toBe(holding);
    },
  );
});

describe('isRevenue', () => {
  it.each([
    ['a card order paid', { status: 'paid', paymentMethod: 'card', isPaid: true }, true],
    ['a card order delivered', { status: 'delivered', paymentMethod: 'card', isPaid: true }, true],
    ['a card order refunded', { status: 'refunded', paymentMethod: 'card', isPaid: true }, false],
    ['a card order unpaid', { status: 'unpaid', paymentMethod: 'card', isPaid: false }, false],
    [
      'an order rejected by its approver',
      { status: 'rejected', paymentMethod: 'card', isPaid: false },
      false,
    ],
    [
      'an order on invoice confirmed',
      { status: 'confirmed', paymentMethod: 'invoice', isPaid: false },
      false,
    ],
    [
      'an order on invoice shipped unpaid',
      { status: 'shipped', paymentMethod: 'invoice', isPaid: false },
      false,
    ],
    [
      'an order on invoice shipped and paid',
      { status: 'shipped', paymentMethod: 'invoice', isPaid: true },
      true,
    ],
    [
      'an order on invoice paid in full',
      { status: 'paid', paymentMethod: 'invoice', isPaid: true },
      true,
    ],
  ] as const)('when %s, then revenue: %s', (_, order, expected) => {
    expect(isRevenue(order)).toBe(expected);
  });
});

describe('reviewIsVerified', () => {
  it.each([
    ['no order holds the tool', [], false],
    ['a paid order holds it', ['paid'], true],
    ['a delivered order holds it', ['delivered'], true],
    ['an order on invoice shipped holds it', ['shipped'], true],
    ['only an unpaid or confirmed order holds it', ['unpaid', 'confirmed'], false],
    ['its only order was refunded', ['refunded'], false],
    ['one order was refunded and another delivered', ['refunded', 'delivered'], true],
    ['its orders were cancelled, expired or rejected', ['cancelled', 'expired', 'rejected'], false],
  ] as const)('when %s, then verified: %s', (_, statuses, expected) => {
    expect(reviewIsVerified(statuses)).toBe(expected);
  });
});
