import type { Migration } from './migration.js';

/**
 * Orders with a human number, a status, many lines and a reservation deadline; the cart.
 *
 * The one-line columns of `orders` stay and keep meaning something for readers that predate
 * lines: tool_id / name / unit_price_cents are the first line's, quantity the sum of the lines,
 * price_cents the total, is_paid / is_cancelled follow the status. The lines are the truth.
 * Unpaid orders placed before this migration hold their stock for 60 minutes from their
 * creation (the default RESERVATION_MINUTES), so old unbounded holds end soon after upgrading.
 */
export const orders003: Migration = {
  version: 3,
  name: 'orders',
  sql: `
    ALTER TABLE orders ADD COLUMN number INTEGER;
    ALTER TABLE orders ADD COLUMN status TEXT NOT NULL DEFAULT 'unpaid' CHECK (status IN
      ('unpaid', 'paid', 'shipped', 'delivered', 'cancelled', 'expired', 'refunded'));
    ALTER TABLE orders ADD COLUMN expires_at TEXT;
    ALTER TABLE orders ADD COLUMN po_reference TEXT;
    ALTER TABLE orders ADD COLUMN cancelled_at TEXT;

    UPDATE orders SET number = numbered.n FROM (
      SELECT id, 100000 + row_number() OVER (ORDER BY created_at, id) AS n FROM orders
    ) AS numbered WHERE numbered.id = orders.id;
    UPDATE orders SET status = CASE
      WHEN shipped_at IS NOT NULL THEN 'shipped'
      WHEN is_paid = 1 THEN 'paid'
      ELSE 'unpaid' END;
    UPDATE orders SET expires_at = strftime('%Y-%m-%dT%H:%M:%fZ', created_at, '+60 minutes')
      WHERE status = 'unpaid';

    CREATE UNIQUE INDEX orders_number ON orders (number);
    CREATE INDEX orders_expiry ON orders (status, expires_at);
    CREATE INDEX orders_user_status ON orders (user_email, status);
    CREATE INDEX orders_status_id ON orders (status, id);

    CREATE TABLE order_lines (
      order_id TEXT NOT NULL REFERENCES orders (id) ON DELETE CASCADE,
      line_no INTEGER NOT NULL,
      tool_id TEXT NOT NULL,
      name TEXT NOT NULL,
      unit_price_cents INTEGER NOT NULL,
      quantity INTEGER NOT NULL CHECK (quantity > 0),
      line_total_cents INTEGER NOT NULL,
      PRIMARY KEY (order_id, line_no)
    ) STRICT;
    CREATE INDEX order_lines_tool ON order_lines (tool_id);
    INSERT INTO order_lines (order_id, line_no, tool_id, name, unit_price_cents, quantity,
      line_total_cents)
      SELECT id, 1, tool_id, name, unit_price_cents, quantity, price_cents FROM orders;

    CREATE TABLE cart_items (
      user_email TEXT NOT NULL,
      tool_id TEXT NOT NULL REFERENCES tools (id) ON DELETE CASCADE,
      quantity INTEGER NOT NULL CHECK (quantity > 0),
      updated_at TEXT NOT NULL,
      PRIMARY KEY (user_email, tool_id)
    ) STRICT;
  `,
};
