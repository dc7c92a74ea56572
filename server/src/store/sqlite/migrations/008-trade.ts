import type { Migration } from './migration.js';

// Tiers are read with their tool and never queried on their own: a JSON array in the tool's row
// (checked by the contract on the way in) saves a join on every catalogue read and order.
// Quote lines are written and read whole, so they are JSON too.
export const trade: Migration = {
  version: 8,
  name: 'trade',
  sql: `
    ALTER TABLE tools ADD COLUMN price_tiers TEXT NOT NULL DEFAULT '[]'
      CHECK (json_valid(price_tiers) AND json_type(price_tiers) = 'array');

    CREATE TABLE quotes (
      id TEXT PRIMARY KEY,
      number INTEGER NOT NULL UNIQUE,
      status TEXT NOT NULL CHECK (status IN ('requested', 'offered', 'declined', 'accepted')),
      items TEXT NOT NULL CHECK (json_valid(items)),
      user_name TEXT NOT NULL,
      user_email TEXT NOT NULL,
      user_phone TEXT NOT NULL,
      user_address TEXT NOT NULL,
      requested_delivery_date TEXT,
      message TEXT NOT NULL,
      valid_until TEXT,
      decline_reason TEXT,
      order_id TEXT,
      created_at TEXT NOT NULL,
      updated_at TEXT NOT NULL
    ) STRICT;
    CREATE INDEX quotes_user_email ON quotes (user_email, number);
    CREATE INDEX quotes_status ON quotes (status, number);
  `,
};
