import type { OrderStatus } from '@toolworks/contract/orders';

/** How every screen names an order's status (My Orders, the order page, company orders). */
export const ORDER_STATUS_LABELS: Record<OrderStatus, string> = {
  unpaid: 'Unpaid',
  awaiting_approval: 'Awaiting approval',
  confirmed: 'On invoice',
  paid: 'Paid',
  partly_shipped: 'Partly shipped',
  shipped: 'Shipped',
  delivered: 'Delivered',
  cancelled: 'Cancelled',
  expired: 'Expired',
  refunded: 'Refunded',
  rejected: 'Rejected',
};
