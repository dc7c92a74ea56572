import type { Migration } from './migration.js';

/**
 * Issue 48: a retried checkout, Buy Now or quote acceptance carrying an `Idempotency-Key` answers
 * the order its first attempt placed. The key is written in the order's own transaction, so two
 * attempts at once place one order; keys older than a day are forgotten (`created_at`).
 */
export const idempotencyKeys: Migration = {
  version: 27,
  name: 'idempotency-keys',
  sql: `
    CREATE TABLE idempotency_keys (
      user_email TEXT NOT NULL,
      scope TEXT NOT NULL,
      key TEXT NOT NULL,
      fingerprint TEXT NOT NULL,
      order_id TEXT NOT NULL REFERENCES orders (id),
      created_at TEXT NOT NULL,
      PRIMARY KEY (user_email, scope, key)
    ) STRICT, WITHOUT ROWID;
    CREATE INDEX idempotency_keys_created ON idempotency_keys (created_at);
  `,
};
