import type { Migration } from './migration.js';

/**
 * Issue 24, approvals and spending limits. A company member's order records its company, and
 * the approver's decision. Migration 003 gave `orders.status` a CHECK listing the statuses; it
 * is widened in place (the documented `writable_schema` edit for loosening a constraint, see
 * https://sqlite.org/lang_altertable.html#otheralter), because rebuilding `orders` would cascade
 * into its lines, invoices and quotes. The new list also allows `confirmed` (an order on invoice
 * terms, the pay-on-invoice part of the same issue), so that part needs no second schema edit.
 * migrate.ts lifts defensive mode for this migration only (`editsSchema`) and bumps
 * schema_version so every connection re-reads the table. A buyer's month is summed through the
 * existing `orders_user_unpaid` (user_email first): a buyer's own orders are few.
 */
export const orderApprovals: Migration = {
  version: 19,
  name: 'order-approvals',
  editsSchema: true,
  sql: `
    PRAGMA writable_schema = ON;
    UPDATE sqlite_schema SET sql = replace(sql,
      '''expired'', ''refunded''))',
      '''expired'', ''refunded'', ''awaiting_approval'', ''rejected'', ''confirmed''))')
      WHERE type = 'table' AND name = 'orders';
    PRAGMA writable_schema = RESET;

    ALTER TABLE orders ADD COLUMN company_id TEXT;
    ALTER TABLE orders ADD COLUMN approved_by TEXT;
    ALTER TABLE orders ADD COLUMN approved_at TEXT;
    ALTER TABLE orders ADD COLUMN rejected_by TEXT;
    ALTER TABLE orders ADD COLUMN rejected_at TEXT;
    ALTER TABLE orders ADD COLUMN rejection_reason TEXT;
    CREATE INDEX orders_company ON orders (company_id, status, id) WHERE company_id IS NOT NULL;
  `,
};
