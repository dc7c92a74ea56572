import type { Migration } from './migration.js';

// tools.seq is an explicit INTEGER PRIMARY KEY because the external-content FTS index refers to
// rows by rowid, and VACUUM may renumber an implicit rowid.
export const initial: Migration = {
  version: 1,
  name: 'initial',
  sql: `
    CREATE TABLE tools (
      seq INTEGER PRIMARY KEY,
      id TEXT NOT NULL UNIQUE,
      name TEXT NOT NULL,
      name_folded TEXT NOT NULL,
      img TEXT NOT NULL,
      price_cents INTEGER NOT NULL CHECK (price_cents >= 0),
      description TEXT NOT NULL,
      available_quantity INTEGER NOT NULL CHECK (available_quantity >= 0),
      minimum_order_quantity INTEGER NOT NULL CHECK (minimum_order_quantity >= 1),
      created_at TEXT NOT NULL,
      updated_at TEXT NOT NULL
    ) STRICT;
    CREATE INDEX tools_name_folded ON tools (name_folded);

    CREATE VIRTUAL TABLE tools_fts USING fts5(
      name, content = 'tools', content_rowid = 'seq', tokenize = 'trigram'
    );
    CREATE TRIGGER tools_fts_insert AFTER INSERT ON tools BEGIN
      INSERT INTO tools_fts (rowid, name) VALUES (new.seq, new.name);
    END;
    CREATE TRIGGER tools_fts_delete AFTER DELETE ON tools BEGIN
      INSERT INTO tools_fts (tools_fts, rowid, name) VALUES ('delete', old.seq, old.name);
    END;
    CREATE TRIGGER tools_fts_update AFTER UPDATE OF name ON tools BEGIN
      INSERT INTO tools_fts (tools_fts, rowid, name) VALUES ('delete', old.seq, old.name);
      INSERT INTO tools_fts (rowid, name) VALUES (new.seq, new.name);
    END;

    -- No foreign key on tool_id: an order outlives the tool it was placed for.
    CREATE TABLE orders (
      id TEXT PRIMARY KEY,
      tool_id TEXT NOT NULL,
      name TEXT NOT NULL,
      unit_price_cents INTEGER NOT NULL,
      price_cents INTEGER NOT NULL,
      quantity INTEGER NOT NULL CHECK (quantity > 0),
      user_name TEXT NOT NULL,
      user_email TEXT NOT NULL,
      user_phone TEXT NOT NULL,
      user_address TEXT NOT NULL,
      is_paid INTEGER NOT NULL DEFAULT 0,
      is_cancelled INTEGER NOT NULL DEFAULT 0,
      transaction_id TEXT,
      payment_intent_id TEXT,
      paid_at TEXT,
      shipped_at TEXT,
      created_at TEXT NOT NULL
    ) STRICT;
    CREATE INDEX orders_user_email ON orders (user_email, id);
    CREATE INDEX orders_status ON orders (is_paid, (shipped_at IS NOT NULL), id);

    CREATE TABLE users (
      id TEXT PRIMARY KEY,
      email TEXT NOT NULL UNIQUE,
      name TEXT,
      role TEXT CHECK (role IN ('admin')),
      created_at TEXT NOT NULL
    ) STRICT;

    CREATE TABLE profiles (
      email TEXT PRIMARY KEY,
      name TEXT NOT NULL,
      linkedin_profile_link TEXT NOT NULL,
      country TEXT NOT NULL,
      street_address TEXT NOT NULL,
      city TEXT NOT NULL,
      state TEXT NOT NULL,
      phone TEXT NOT NULL
    ) STRICT;

    CREATE TABLE reviews (
      id TEXT PRIMARY KEY,
      review TEXT NOT NULL,
      ratings INTEGER NOT NULL,
      author_email TEXT NOT NULL,
      author_name TEXT NOT NULL,
      created_at TEXT NOT NULL
    ) STRICT;

    CREATE TABLE payment_events (
      event_id TEXT PRIMARY KEY,
      type TEXT NOT NULL,
      order_id TEXT,
      received_at TEXT NOT NULL
    ) STRICT;
  `,
};
