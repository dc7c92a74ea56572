import type { Migration } from './migration.js';

/**
 * Shipping details, delivery and refunds of paid orders. The statuses `delivered` and `refunded`
 * were allowed by migration 003 already; these are the facts that go with them.
 * `refund_restocked` records whether the refund put the stock back (only for orders refunded
 * before they shipped), so the order page can say so and nothing restocks twice.
 */
export const fulfilment: Migration = {
  version: 9,
  name: 'fulfilment',
  sql: `
    ALTER TABLE orders ADD COLUMN carrier TEXT;
    ALTER TABLE orders ADD COLUMN tracking_number TEXT;
    ALTER TABLE orders ADD COLUMN delivered_at TEXT;
    ALTER TABLE orders ADD COLUMN refunded_at TEXT;
    ALTER TABLE orders ADD COLUMN refund_id TEXT;
    ALTER TABLE orders ADD COLUMN refund_reason TEXT;
    ALTER TABLE orders ADD COLUMN refund_restocked INTEGER CHECK (refund_restocked IN (0, 1));
  `,
};
