import type { Migration } from './migration.js';

// Issue 23: an issued invoice never changes. `snapshot` (JSON) holds everything the invoice
// prints, written with its number. Invoices issued before this migration have none (NULL): the
// seller comes from config, which SQL cannot read, so the invoice service freezes each of them
// from the order and profile as they are when it is first read again (downloaded or mailed),
// and from then on it never changes either.
// A refund gets a credit note numbered in its own gap-free sequence per year, like invoices.
// Profiles gain a postal code; existing ones get an empty one ("not given").
export const invoiceSnapshots: Migration = {
  version: 13,
  name: 'invoice-snapshots',
  sql: `
    ALTER TABLE invoices ADD COLUMN snapshot TEXT;

    CREATE TABLE credit_note_counters (
      year INTEGER PRIMARY KEY,
      last_seq INTEGER NOT NULL
    ) STRICT;
    CREATE TABLE credit_notes (
      order_id TEXT PRIMARY KEY,
      number TEXT NOT NULL UNIQUE,
      year INTEGER NOT NULL,
      seq INTEGER NOT NULL,
      issued_at TEXT NOT NULL,
      snapshot TEXT NOT NULL,
      UNIQUE (year, seq)
    ) STRICT;

    ALTER TABLE profiles ADD COLUMN postal_code TEXT NOT NULL DEFAULT '';
  `,
};
