import type { Migration } from './migration.js';

/**
 * Issue 24, payment on invoice (net terms):
 * - orders.status may already be `confirmed` (placed on the company's terms: stock taken, no
 *   reservation clock, invoice issued, not yet paid): migration 019 widened its CHECK in place,
 *   so `orders` is not rebuilt (a rebuild would cascade into its lines and lose 019's columns).
 *   `on_invoice` marks an order placed on terms: its `is_paid` turns 1 when its invoice is paid
 *   in full, whatever its fulfilment status by then.
 * - invoices issued on terms carry the company, the terms, the due date and their total; the
 *   payments received against them and the reminders sent (one row per invoice and stage, so
 *   two instances sweeping at once send each reminder once) get their own tables.
 */
export const netTerms: Migration = {
  version: 20,
  name: 'net-terms',
  sql: `
    ALTER TABLE orders ADD COLUMN on_invoice INTEGER NOT NULL DEFAULT 0
      CHECK (on_invoice IN (0, 1));

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
