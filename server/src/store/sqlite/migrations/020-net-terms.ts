import type { Migration } from './migration.js';

/**
 * Issue 24, payment on invoice (net terms):
 * - orders.status gains `confirmed` (placed on the company's terms: stock taken, no reservation
 *   clock, invoice issued, not yet paid). The status CHECK came from an ADD COLUMN (migration
 *   003), and SQLite can only change it by rebuilding the table. `order_lines` references orders
 *   with ON DELETE CASCADE and foreign keys are on, so dropping the old table would delete every
 *   line: the lines are set aside and put back around the swap. `awaiting_approval` is allowed
 *   too, so that the approvals slice of the same issue needs no second rebuild. `on_invoice`
 *   marks an order placed on terms: its `is_paid` turns 1 when its invoice is paid in full,
 *   whatever its fulfilment status by then.
 * - invoices issued on terms carry the company, the terms, the due date and their total; the
 *   payments received against them and the reminders sent (one row per invoice and stage, so
 *   two instances sweeping at once send each reminder once) get their own tables.
 */
export const netTerms: Migration = {
  version: 20,
  name: 'net-terms',
  sql: `
    CREATE TABLE orders_new (
      id TEXT PRIMARY KEY,
      tool_id TEXT NOT NULL,
      name TEXT NOT NULL,
      unit_price_cents INTEGER NOT NULL,
      price_cents INTEGER NOT NULL,
      quantity INTEGER NOT NULL CHECK (quantity > 0),
      user_name TEXT NOT NULL,
      user_email TEXT NOT NULL,
      user_phone TEXT NOT NULL,
      user_address TEXT NOT NULL,
      is_paid INTEGER NOT NULL DEFAULT 0,
      is_cancelled INTEGER NOT NULL DEFAULT 0,
      transaction_id TEXT,
      payment_intent_id TEXT,
      paid_at TEXT,
      shipped_at TEXT,
      created_at TEXT NOT NULL,
      number INTEGER,
      status TEXT NOT NULL DEFAULT 'unpaid' CHECK (status IN ('unpaid', 'awaiting_approval',
        'confirmed', 'paid', 'shipped', 'delivered', 'cancelled', 'expired', 'refunded')),
      expires_at TEXT,
      po_reference TEXT,
      cancelled_at TEXT,
      carrier TEXT,
      tracking_number TEXT,
      delivered_at TEXT,
      refunded_at TEXT,
      refund_id TEXT,
      refund_reason TEXT,
      refund_restocked INTEGER CHECK (refund_restocked IN (0, 1)),
      quote_number INTEGER,
      on_invoice INTEGER NOT NULL DEFAULT 0 CHECK (on_invoice IN (0, 1))
    ) STRICT;
    INSERT INTO orders_new (id, tool_id, name, unit_price_cents, price_cents, quantity, user_name,
      user_email, user_phone, user_address, is_paid, is_cancelled, transaction_id,
      payment_intent_id, paid_at, shipped_at, created_at, number, status, expires_at,
      po_reference, cancelled_at, carrier, tracking_number, delivered_at, refunded_at, refund_id,
      refund_reason, refund_restocked, quote_number)
    SELECT id, tool_id, name, unit_price_cents, price_cents, quantity, user_name,
      user_email, user_phone, user_address, is_paid, is_cancelled, transaction_id,
      payment_intent_id, paid_at, shipped_at, created_at, number, status, expires_at,
      po_reference, cancelled_at, carrier, tracking_number, delivered_at, refunded_at, refund_id,
      refund_reason, refund_restocked, quote_number FROM orders;

    CREATE TEMP TABLE order_lines_kept AS SELECT * FROM order_lines;
    DROP TABLE order_lines;
    DROP TABLE orders;
    ALTER TABLE orders_new RENAME TO orders;
    CREATE TABLE order_lines (
      order_id TEXT NOT NULL REFERENCES orders (id) ON DELETE CASCADE,
      line_no INTEGER NOT NULL,
      tool_id TEXT NOT NULL,
      name TEXT NOT NULL,
      unit_price_cents INTEGER NOT NULL,
      quantity INTEGER NOT NULL CHECK (quantity > 0),
      line_total_cents INTEGER NOT NULL,
      sku TEXT,
      PRIMARY KEY (order_id, line_no)
    ) STRICT;
    INSERT INTO order_lines (order_id, line_no, tool_id, name, unit_price_cents, quantity,
      line_total_cents, sku)
    SELECT order_id, line_no, tool_id, name, unit_price_cents, quantity, line_total_cents, sku
      FROM order_lines_kept;
    DROP TABLE order_lines_kept;

    CREATE UNIQUE INDEX orders_number ON orders (number);
    CREATE INDEX orders_expiry ON orders (status, expires_at);
    CREATE INDEX orders_status_id ON orders (status, id);
    CREATE INDEX orders_created_at ON orders (created_at);
    CREATE INDEX orders_status_created_at ON orders (status, created_at);
    CREATE INDEX orders_user_unpaid ON orders (user_email, status, expires_at);

    ALTER TABLE invoices ADD COLUMN company_id TEXT;
    ALTER TABLE invoices ADD COLUMN payment_terms TEXT
      CHECK (payment_terms IN ('net-15', 'net-30', 'net-60'));
    ALTER TABLE invoices ADD COLUMN due_date TEXT;
    ALTER TABLE invoices ADD COLUMN total_cents INTEGER;
    CREATE INDEX invoices_company ON invoices (company_id, due_date) WHERE company_id IS NOT NULL;
    CREATE INDEX invoices_due ON invoices (due_date) WHERE due_date IS NOT NULL;

    CREATE TABLE invoice_payments (
      id TEXT PRIMARY KEY,
      invoice_number TEXT NOT NULL REFERENCES invoices (number),
      amount_cents INTEGER NOT NULL CHECK (amount_cents > 0),
      method TEXT NOT NULL CHECK (method IN ('bank-transfer', 'card')),
      reference TEXT NOT NULL,
      received_on TEXT NOT NULL,
      recorded_at TEXT NOT NULL,
      recorded_by TEXT NOT NULL
    ) STRICT;
    CREATE INDEX invoice_payments_invoice ON invoice_payments (invoice_number, received_on);

    CREATE TABLE invoice_reminders (
      invoice_number TEXT NOT NULL REFERENCES invoices (number),
      stage INTEGER NOT NULL CHECK (stage IN (0, 7, 14)),
      sent_at TEXT NOT NULL,
      PRIMARY KEY (invoice_number, stage)
    ) STRICT;
  `,
};
