import type { Migration } from './migration.js';

/**
 * Issue 53, partial shipments. An order leaves in one or more shipments, each with its lines
 * (JSON `[{ toolId, quantity }]`), carrier, tracking number and dates; the order is
 * `partly_shipped` until every unit has left. The status CHECK is widened in place, as migration
 * 019 did (`editsSchema`). Every order shipped before gets one shipment holding all its lines,
 * with its carrier, tracking and dates, so old and new orders read the same way. A shipment keeps
 * the Idempotency-Key it was asked with (one per order), so a retried request ships nothing more.
 */
export const shipments: Migration = {
  version: 42,
  name: 'shipments',
  editsSchema: true,
  sql: `
    PRAGMA writable_schema = ON;
    UPDATE sqlite_schema SET sql = replace(sql,
      '''rejected'', ''confirmed''))',
      '''rejected'', ''confirmed'', ''partly_shipped''))')
      WHERE type = 'table' AND name = 'orders';
    PRAGMA writable_schema = RESET;

    CREATE TABLE shipments (
      id TEXT PRIMARY KEY,
      order_id TEXT NOT NULL REFERENCES orders (id) ON DELETE CASCADE,
      lines TEXT NOT NULL,
      carrier TEXT,
      tracking_number TEXT,
      shipped_at TEXT NOT NULL,
      delivered_at TEXT,
      idempotency_key TEXT,
      request_fingerprint TEXT
    );
    CREATE INDEX shipments_order ON shipments (order_id, shipped_at);
    CREATE UNIQUE INDEX shipments_idempotency ON shipments (order_id, idempotency_key)
      WHERE idempotency_key IS NOT NULL;

    INSERT INTO shipments (id, order_id, lines, carrier, tracking_number, shipped_at, delivered_at)
      SELECT substr(o.id, 1, 16) || lower(hex(randomblob(4))), o.id,
        (SELECT json_group_array(json_object('toolId', l.tool_id, 'quantity', l.quantity))
          FROM (SELECT tool_id, quantity FROM order_lines WHERE order_id = o.id ORDER BY line_no) l),
        o.carrier, o.tracking_number, o.shipped_at, o.delivered_at
      FROM orders o WHERE o.shipped_at IS NOT NULL;
  `,
};
