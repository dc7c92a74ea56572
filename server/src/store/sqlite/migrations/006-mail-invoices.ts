import type { Migration } from './migration.js';

// No foreign keys to orders: the orders table is being reshaped by other migrations, and an
// invoice or a sent mail is a record that outlives any change to the order.
export const mailInvoices: Migration = {
  version: 6,
  name: 'mail-invoices',
  sql: `
    CREATE TABLE outbox (
      id TEXT PRIMARY KEY,
      dedupe_key TEXT UNIQUE,
      kind TEXT NOT NULL,
      order_id TEXT,
      to_addr TEXT NOT NULL,
      subject TEXT NOT NULL,
      html TEXT NOT NULL,
      text TEXT NOT NULL,
      attachments TEXT NOT NULL DEFAULT '[]',
      status TEXT NOT NULL CHECK (status IN ('pending', 'sent', 'failed')),
      attempts INTEGER NOT NULL DEFAULT 0,
      next_attempt_at TEXT NOT NULL,
      last_error TEXT,
      claimed_by TEXT,
      claimed_until TEXT,
      created_at TEXT NOT NULL,
      sent_at TEXT
    ) STRICT;
    CREATE INDEX outbox_due ON outbox (status, next_attempt_at);
    CREATE INDEX outbox_status_id ON outbox (status, id);

    CREATE TABLE invoice_counters (
      year INTEGER PRIMARY KEY,
      last_seq INTEGER NOT NULL
    ) STRICT;
    CREATE TABLE invoices (
      order_id TEXT PRIMARY KEY,
      number TEXT NOT NULL UNIQUE,
      year INTEGER NOT NULL,
      seq INTEGER NOT NULL,
      paid_at TEXT NOT NULL,
      issued_at TEXT NOT NULL,
      UNIQUE (year, seq)
    ) STRICT;
  `,
};
