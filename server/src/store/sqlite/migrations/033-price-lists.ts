import type { Migration } from './migration.js';

/**
 * Issue 50, contract prices. A list's rules are rows keyed by (list, SKU key) so that pricing a
 * page of tools reads only the fixed rules for those SKUs plus the list's percentage rules
 * (`sku_key` NULL); `starts_on` '' marks the list's own rules, a date a future-dated version.
 * The versions' start days are kept on the list (`version_starts`, a JSON array) so a version
 * without lines survives. Assignments are ordered per company (`position`): the `priority` policy
 * reads that order. A list removed takes its rules and assignments with it and leaves the lists
 * derived from it without a parent.
 */
export const priceLists: Migration = {
  version: 33,
  name: 'price-lists',
  sql: `
    CREATE TABLE price_lists (
      id TEXT PRIMARY KEY,
      name TEXT NOT NULL,
      currency TEXT NOT NULL,
      valid_from TEXT,
      valid_to TEXT,
      parent_id TEXT REFERENCES price_lists (id) ON DELETE SET NULL,
      version_starts TEXT NOT NULL DEFAULT '[]' CHECK (json_valid(version_starts)),
      created_at TEXT NOT NULL,
      updated_at TEXT NOT NULL
    ) STRICT;
    CREATE INDEX price_lists_name ON price_lists (name COLLATE NOCASE, id);
    CREATE INDEX price_lists_parent ON price_lists (parent_id);

    CREATE TABLE price_list_rules (
      list_id TEXT NOT NULL REFERENCES price_lists (id) ON DELETE CASCADE,
      starts_on TEXT NOT NULL,
      sku_key TEXT,
      rule TEXT NOT NULL CHECK (json_valid(rule))
    ) STRICT;
    CREATE INDEX price_list_rules_sku ON price_list_rules (list_id, sku_key);

    CREATE TABLE company_price_lists (
      company_id TEXT NOT NULL REFERENCES companies (id) ON DELETE CASCADE,
      list_id TEXT NOT NULL REFERENCES price_lists (id) ON DELETE CASCADE,
      position INTEGER NOT NULL,
      PRIMARY KEY (company_id, list_id)
    ) STRICT, WITHOUT ROWID;
    CREATE INDEX company_price_lists_list ON company_price_lists (list_id);

    ALTER TABLE companies ADD COLUMN price_policy TEXT NOT NULL DEFAULT 'lowest'
      CHECK (price_policy IN ('lowest', 'priority'));
  `,
};
