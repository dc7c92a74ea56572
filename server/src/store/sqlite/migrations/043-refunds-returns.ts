import type { Migration } from './migration.js';

// Issue 53: partial refunds and credits, each with its own credit note, and returns (RMA).
// `refunds`: one row per refund or credit (the full refunds recorded before keep no row: their
// order's status and refund columns say it all). A gateway refund id is recorded once, whichever
// of the admin's call and Stripe's webhook comes first; an Idempotency-Key once per order.
// `credit_notes` was keyed by order (one per refunded order): rebuilt keyed by number, with the
// refund each documents (NULL for those issued before), numbers and sequence unchanged.
// `returns`: a buyer's return request and its steps; its lines (and the received ones) as JSON.
export const refundsReturns: Migration = {
  version: 43,
  name: 'refunds-returns',
  sql: `
    CREATE TABLE refunds (
      id TEXT PRIMARY KEY,
      order_id TEXT NOT NULL,
      amount_cents INTEGER NOT NULL CHECK (amount_cents > 0),
      method TEXT NOT NULL CHECK (method IN ('card', 'credit', 'bank_transfer')),
      reason TEXT,
      lines TEXT NOT NULL,
      restock TEXT NOT NULL,
      gateway_refund_id TEXT UNIQUE,
      reference TEXT,
      idempotency_key TEXT,
      fingerprint TEXT,
      return_id TEXT,
      created_at TEXT NOT NULL,
      created_by TEXT NOT NULL,
      UNIQUE (order_id, idempotency_key)
    ) STRICT;
    CREATE INDEX refunds_by_order ON refunds (order_id, created_at);
    CREATE INDEX refunds_by_day ON refunds (created_at);

    CREATE TABLE credit_notes_043 (
      number TEXT PRIMARY KEY,
      order_id TEXT NOT NULL,
      refund_id TEXT UNIQUE,
      year INTEGER NOT NULL,
      seq INTEGER NOT NULL,
      issued_at TEXT NOT NULL,
      snapshot TEXT NOT NULL,
      UNIQUE (year, seq)
    ) STRICT;
    INSERT INTO credit_notes_043 (number, order_id, refund_id, year, seq, issued_at, snapshot)
      SELECT number, order_id, NULL, year, seq, issued_at, snapshot FROM credit_notes;
    DROP TABLE credit_notes;
    ALTER TABLE credit_notes_043 RENAME TO credit_notes;
    CREATE INDEX credit_notes_by_order ON credit_notes (order_id, year, seq);
    CREATE INDEX credit_notes_by_day ON credit_notes (issued_at);

    CREATE TABLE returns (
      id TEXT PRIMARY KEY,
      order_id TEXT NOT NULL,
      user_email TEXT NOT NULL,
      status TEXT NOT NULL
        CHECK (status IN ('requested', 'approved', 'declined', 'received', 'refunded')),
      reason TEXT NOT NULL,
      lines TEXT NOT NULL,
      received TEXT,
      decline_reason TEXT,
      refund_id TEXT,
      requested_at TEXT NOT NULL,
      updated_at TEXT NOT NULL
    ) STRICT;
    CREATE INDEX returns_by_order ON returns (order_id);
    CREATE INDEX returns_by_status ON returns (status, requested_at);
  `,
};
