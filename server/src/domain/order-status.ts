/**
 * Which order statuses count as what: the one definition that the services, the statistics and
 * both storage adapters read (an adapter turns a set into its query's list). The status names
 * themselves are the contract's `ORDER_STATUSES`.
 */
import {
  ORDER_STATUSES,
  paysOnInvoice,
  type OrderStatus,
  type PaymentMethod,
} from '@toolworks/contract/orders';
import { KEPT_STATUSES, PAID_STATUSES } from '@toolworks/contract/order-status-sets';

type StatusSet = readonly OrderStatus[];

/** An order that ended without a sale: no spend against a limit, not an order in the figures. */
export const UNSPENT_STATUSES: StatusSet = ['cancelled', 'expired', 'rejected'];

/** What counts as an order in the Overview's daily figures: every status but the unspent. */
export const COUNTED_ORDER_STATUSES: StatusSet = ORDER_STATUSES.filter(
  (status) => !UNSPENT_STATUSES.includes(status),
);

// Paid, and sold and kept: shared with the client, so written in the contract.
export { KEPT_STATUSES, PAID_STATUSES };

/** Placed and holding stock, neither paid nor confirmed: its buyer may still cancel it. */
export const OPEN_STATUSES: StatusSet = ['unpaid', 'awaiting_approval'];

/**
 * A card payment may land on it: still waiting for one, or its reservation lapsed (its stock is
 * then taken again, if there is any). Nothing awaiting approval is paid before it is approved.
 */
export const PAYABLE_STATUSES: StatusSet = ['unpaid', 'expired'];

/** Ready to leave the warehouse: paid by card, or confirmed on terms (the invoice is due later). */
export const SHIPPABLE_STATUSES: StatusSet = ['paid', 'confirmed'];

export const isPaidStatus = (status: OrderStatus) => PAID_STATUSES.includes(status);

export const countsAsOrder = (status: OrderStatus) => COUNTED_ORDER_STATUSES.includes(status);

/**
 * Revenue is money received and kept. A card order in a kept status is paid; an order on
 * invoice only once its invoice is paid in full (its `isPaid`), whether it shipped or not.
 */
export function isRevenue(order: {
  status: OrderStatus;
  paymentMethod: PaymentMethod;
  isPaid: boolean;
}) {
  return KEPT_STATUSES.includes(order.status) && (!paysOnInvoice(order) || order.isPaid);
}

/**
 * A buyer's review of a tool is verified while one of their orders holding the tool is kept
 * (`statuses`: those orders' statuses): a cancelled, unpaid or refunded one vouches for nothing.
 */
export const reviewIsVerified = (statuses: readonly OrderStatus[]) =>
  statuses.some((status) => KEPT_STATUSES.includes(status));
