import type { Migration } from './migration.js';

/**
 * Issue 25, availability dates, lead times and backorders:
 * - tools.lead_time_days: days to make more (NULL: not made to order);
 * - tools.allow_backorders: buyers may order beyond stock;
 * - tools.incoming_stock: the batches the admin expects, JSON
 *   `[{ quantity, expectedDate, promised }]` sorted by date; `promised` is held for orders and
 *   changed only inside the write queue's transactions, so it is never more than `quantity`;
 * - order_lines.allocations: JSON `[{ quantity, from, shipDate, batch? }]`, where a line's units
 *   come from and when each part ships; NULL on earlier lines (all from stock).
 */
export const backorders: Migration = {
  version: 22,
  name: 'backorders',
  sql: `
    ALTER TABLE tools ADD COLUMN lead_time_days INTEGER;
    ALTER TABLE tools ADD COLUMN allow_backorders INTEGER NOT NULL DEFAULT 0;
    ALTER TABLE tools ADD COLUMN incoming_stock TEXT NOT NULL DEFAULT '[]';
    ALTER TABLE order_lines ADD COLUMN allocations TEXT;
  `,
};
