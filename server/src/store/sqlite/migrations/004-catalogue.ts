import type { Migration } from './migration.js';

/**
 * Categories, specifications, datasheets, rated and moderated reviews.
 *
 * - tools.category has no foreign key: SQLite cannot add a REFERENCES column with a non-null
 *   default; the service checks the slug exists. Existing tools go to "other".
 * - in_stock is a virtual generated column so that "in stock only" is an equality the indexes
 *   can lead with (category, in_stock, sort key): a filtered, sorted page then walks one index
 *   range in order instead of sorting every match.
 * - rating_sum/rating_count are kept by the reviews repo in the same transaction as a review's
 *   create or hide, so a list page never aggregates reviews.
 * - The FTS table is rebuilt to index the description too (search matches both).
 */
export const catalogue: Migration = {
  version: 4,
  name: 'catalogue',
  sql: `
    CREATE TABLE categories (
      slug TEXT PRIMARY KEY,
      name TEXT NOT NULL,
      name_folded TEXT NOT NULL UNIQUE,
      created_at TEXT NOT NULL
    ) STRICT;
    INSERT INTO categories (slug, name, name_folded, created_at)
      VALUES ('other', 'Other', 'other', strftime('%Y-%m-%dT%H:%M:%fZ', 'now'));

    ALTER TABLE tools ADD COLUMN category TEXT NOT NULL DEFAULT 'other';
    ALTER TABLE tools ADD COLUMN specs TEXT NOT NULL DEFAULT '[]';
    ALTER TABLE tools ADD COLUMN datasheet_url TEXT;
    ALTER TABLE tools ADD COLUMN rating_sum INTEGER NOT NULL DEFAULT 0;
    ALTER TABLE tools ADD COLUMN rating_count INTEGER NOT NULL DEFAULT 0;
    ALTER TABLE tools ADD COLUMN in_stock INTEGER
      GENERATED ALWAYS AS (available_quantity > 0) VIRTUAL;

    -- Every index ends in the implicit rowid (seq), the tie-break of every sort.
    CREATE INDEX tools_category ON tools (category);
    CREATE INDEX tools_in_stock ON tools (in_stock);
    CREATE INDEX tools_category_in_stock ON tools (category, in_stock);
    CREATE INDEX tools_price ON tools (price_cents);
    CREATE INDEX tools_category_price ON tools (category, price_cents);
    CREATE INDEX tools_in_stock_price ON tools (in_stock, price_cents);
    CREATE INDEX tools_category_in_stock_price ON tools (category, in_stock, price_cents);
    CREATE INDEX tools_category_name ON tools (category, name_folded);
    CREATE INDEX tools_in_stock_name ON tools (in_stock, name_folded);
    CREATE INDEX tools_category_in_stock_name ON tools (category, in_stock, name_folded);

    -- Without statistics the planner guesses that "in_stock = 1" narrows as much as a category
    -- and may walk (in_stock, price) for a category page. These describe a large catalogue
    -- (100,000 tools, ~10 per category, most in stock) so it picks the index with every
    -- equality; a real ANALYZE later replaces them with the shop's own numbers.
    ANALYZE sqlite_schema;
    INSERT INTO sqlite_stat1 (tbl, idx, stat) VALUES
      ('tools', 'tools_category', '100000 10000'),
      ('tools', 'tools_in_stock', '100000 50000'),
      ('tools', 'tools_category_in_stock', '100000 10000 5000'),
      ('tools', 'tools_price', '100000 10'),
      ('tools', 'tools_category_price', '100000 10000 2'),
      ('tools', 'tools_in_stock_price', '100000 50000 5'),
      ('tools', 'tools_category_in_stock_price', '100000 10000 5000 2'),
      ('tools', 'tools_name_folded', '100000 1'),
      ('tools', 'tools_category_name', '100000 10000 1'),
      ('tools', 'tools_in_stock_name', '100000 50000 1'),
      ('tools', 'tools_category_in_stock_name', '100000 10000 5000 1'),
      ('tools', 'sqlite_autoindex_tools_1', '100000 1');
    ANALYZE sqlite_schema;

    DROP TRIGGER tools_fts_insert;
    DROP TRIGGER tools_fts_delete;
    DROP TRIGGER tools_fts_update;
    DROP TABLE tools_fts;
    CREATE VIRTUAL TABLE tools_fts USING fts5(
      name, description, content = 'tools', content_rowid = 'seq', tokenize = 'trigram'
    );
    INSERT INTO tools_fts (tools_fts) VALUES ('rebuild');
    CREATE TRIGGER tools_fts_insert AFTER INSERT ON tools BEGIN
      INSERT INTO tools_fts (rowid, name, description) VALUES (new.seq, new.name, new.description);
    END;
    CREATE TRIGGER tools_fts_delete AFTER DELETE ON tools BEGIN
      INSERT INTO tools_fts (tools_fts, rowid, name, description)
        VALUES ('delete', old.seq, old.name, old.description);
    END;
    CREATE TRIGGER tools_fts_update AFTER UPDATE OF name, description ON tools BEGIN
      INSERT INTO tools_fts (tools_fts, rowid, name, description)
        VALUES ('delete', old.seq, old.name, old.description);
      INSERT INTO tools_fts (rowid, name, description) VALUES (new.seq, new.name, new.description);
    END;

    ALTER TABLE reviews ADD COLUMN tool_id TEXT;
    ALTER TABLE reviews ADD COLUMN verified INTEGER NOT NULL DEFAULT 0;
    ALTER TABLE reviews ADD COLUMN hidden INTEGER NOT NULL DEFAULT 0;
    CREATE INDEX reviews_tool ON reviews (tool_id, hidden, id);
    CREATE INDEX reviews_visible ON reviews (hidden, id);
    CREATE INDEX orders_paid_tool ON orders (user_email, tool_id, is_paid);
  `,
};
