import type { Migration } from './migration.js';

// What used to live in each process's memory, so that every instance on this file shares it.
// Times are epoch milliseconds: they are only compared, never shown.
export const sharedState: Migration = {
  version: 5,
  name: 'shared-state',
  sql: `
    CREATE TABLE rate_limits (
      key TEXT PRIMARY KEY,
      window_start INTEGER NOT NULL,
      window_ms INTEGER NOT NULL,
      count INTEGER NOT NULL
    ) STRICT, WITHOUT ROWID;

    CREATE TABLE test_payment_intents (
      id TEXT PRIMARY KEY,
      client_secret TEXT NOT NULL,
      status TEXT NOT NULL,
      amount_cents INTEGER NOT NULL,
      currency TEXT NOT NULL,
      order_id TEXT,
      idempotency_key TEXT UNIQUE,
      created_at INTEGER NOT NULL
    ) STRICT;
    CREATE INDEX test_payment_intents_created ON test_payment_intents (created_at);
  `,
};
