import type { Migration } from './migration.js';

// Issue 52: an invoice or credit note whose e-invoice failed validation is not issued (no number
// is taken); the attempt is kept here, one row per order and kind, for the admin to retry.
export const failedDocuments: Migration = {
  version: 41,
  name: 'failed-documents',
  sql: `
    CREATE TABLE failed_documents (
      order_id TEXT NOT NULL,
      kind TEXT NOT NULL CHECK (kind IN ('invoice', 'credit-note')),
      errors TEXT NOT NULL,
      first_attempt_at TEXT NOT NULL,
      last_attempt_at TEXT NOT NULL,
      attempts INTEGER NOT NULL,
      PRIMARY KEY (order_id, kind)
    );
    CREATE INDEX failed_documents_newest ON failed_documents (last_attempt_at);
  `,
};
