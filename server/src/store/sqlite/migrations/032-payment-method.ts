import type { Migration } from './migration.js';

/**
 * Issue 49, one name for how an order is paid: `orders.payment_method` ('card' or 'invoice', the
 * contract's `PAYMENT_METHODS`, as the checkout form sends it) replaces migration 020's
 * `on_invoice` flag, which it is filled from (1 -> 'invoice'). The old column is dropped: no
 * index, trigger or view names it and its CHECK is its own, so SQLite (3.35+) drops it by
 * rewriting `orders` in place, without the rebuild that would cascade into `order_lines`.
 */
export const paymentMethod: Migration = {
  version: 32,
  name: 'payment-method',
  sql: `
    ALTER TABLE orders ADD COLUMN payment_method TEXT NOT NULL DEFAULT 'card'
      CHECK (payment_method IN ('card', 'invoice'));
    UPDATE orders SET payment_method = 'invoice' WHERE on_invoice = 1;
    ALTER TABLE orders DROP COLUMN on_invoice;
  `,
};
