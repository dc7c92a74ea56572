/**
 * Which order statuses count as what: the decisions that the services, the statistics and both
 * storage adapters read (an adapter turns a set into its query's list). The sets themselves are
 * the contract's (`order-status-sets`, beside `ORDER_STATUSES`), so that the client reads the same ones.
 */
import { paysOnInvoice, type OrderStatus, type PaymentMethod } from '@toolworks/contract/orders';
import {
  COUNTED_ORDER_STATUSES,
  KEPT_STATUSES,
  PAID_STATUSES,
} from '@toolworks/contract/order-status-sets';

export {
  COUNTED_ORDER_STATUSES,
  HOLDING_STATUSES,
  KEPT_STATUSES,
  OPEN_STATUSES,
  PAID_STATUSES,
  PAYABLE_STATUSES,
  SHIPPABLE_STATUSES,
  SHIPPED_STATUSES,
  SOLD_STATUSES,
  UNSPENT_STATUSES,
} from '@toolworks/contract/order-status-sets';

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
