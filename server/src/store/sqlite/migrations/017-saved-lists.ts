import type { Migration } from './migration.js';

/**
 * Issue 25: saved lists. `name_key` is the name lower-cased by the app (SQLite's lower() knows
 * ASCII only), unique per owner. A line keeps its tool id without a foreign key: a tool deleted
 * since stays on the list, shown as no longer available, under the name it had when added.
 * `company_id` waits for company sharing; nothing sets it yet.
 */
export const savedLists: Migration = {
  version: 17,
  name: 'saved-lists',
  sql: `
    CREATE TABLE saved_lists (
      id TEXT PRIMARY KEY,
      owner_email TEXT NOT NULL,
      name TEXT NOT NULL,
      name_key TEXT NOT NULL,
      company_id TEXT,
      created_at TEXT NOT NULL,
      updated_at TEXT NOT NULL
    ) STRICT;
    CREATE UNIQUE INDEX saved_lists_owner_name ON saved_lists (owner_email, name_key);
    CREATE TABLE saved_list_lines (
      list_id TEXT NOT NULL REFERENCES saved_lists (id) ON DELETE CASCADE,
      tool_id TEXT NOT NULL,
      name TEXT NOT NULL,
      quantity INTEGER NOT NULL CHECK (quantity > 0),
      added_at TEXT NOT NULL,
      PRIMARY KEY (list_id, tool_id)
    ) STRICT;
  `,
};
