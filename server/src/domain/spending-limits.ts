import type { PaymentMethod } from '@toolworks/contract/orders';

/**
 * A company member's spending limits, and what they make of a new order: above either limit it
 * waits for an approver, its stock held, before anyone pays for it or it goes on the company's
 * terms. Both adapters read the membership (and, for a monthly limit, the month's spending) in
 * the order's own transaction and call these.
 */

/** A member's limits in cents; null or absent: no limit. */
export interface SpendingLimits {
  perOrderCents?: number | null;
  perMonthCents?: number | null;
}

/** The first instant of the calendar month (UTC) of an ISO time: monthly limits count from it. */
export const monthStart = (now: string) => `${now.slice(0, 7)}-01T00:00:00.000Z`;

/** Whether judging the limits needs the month's spending (read only then). */
export const countsMonth = (limits: SpendingLimits) =>
  limits.perMonthCents !== undefined && limits.perMonthCents !== null;

/**
 * Above the limit per order, or taking the month's spending (UTC; orders cancelled, expired or
 * rejected aside) above the monthly limit. `spentThisMonthCents` counts only when `countsMonth`.
 */
export function needsApproval(
  limits: SpendingLimits | null,
  totalCents: number,
  spentThisMonthCents: number,
): boolean {
  if (!limits) return false;
  const { perOrderCents, perMonthCents } = limits;
  if (perOrderCents !== undefined && perOrderCents !== null && totalCents > perOrderCents)
    return true;
  if (perMonthCents === undefined || perMonthCents === null) return false;
  return spentThisMonthCents + totalCents > perMonthCents;
}

export interface PlacedState {
  status: 'unpaid' | 'awaiting_approval';
  /** Unpaid: when the reservation ends; awaiting approval: when the approval window ends, if any. */
  expiresAt?: string;
  /** As chosen; by invoice awaiting approval, its approval confirms it on the company's terms. */
  paymentMethod: PaymentMethod;
  /** Paid by invoice and within the limits: confirmed on the company's terms in the same write. */
  confirmOnTerms: boolean;
}

/**
 * What a new order is as written: awaiting approval it holds its stock without the reservation's
 * clock (approval starts one) and nothing goes on the company's terms (or ships) unapproved.
 */
export function placedState(input: {
  awaiting: boolean;
  paymentMethod: PaymentMethod;
  expiresAt: string;
  approvalExpiresAt?: string;
}): PlacedState {
  const { awaiting, paymentMethod, expiresAt, approvalExpiresAt } = input;
  if (!awaiting)
    return {
      status: 'unpaid',
      expiresAt,
      paymentMethod,
      confirmOnTerms: paymentMethod === 'invoice',
    };
  return {
    status: 'awaiting_approval',
    ...(approvalExpiresAt !== undefined && { expiresAt: approvalExpiresAt }),
    paymentMethod,
    confirmOnTerms: false,
  };
}
