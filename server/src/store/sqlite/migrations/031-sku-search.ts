import type { Migration } from './migration.js';

/**
 * Issue 48, part numbers in the catalogue search: tools.sku_search, the SKU's letters and digits
 * in lower case ("PF-DRL-18" -> "pfdrl18"; SKUs are ASCII letters, digits and dashes), computed
 * on read, and a third column of the trigram index, so "PF-DRL" and "pfdrl18" find tools by the
 * start of their SKU (an initial-token query, `sku_search: ^"pfdrl"`, search.ts) while the index
 * still yields matches in rowid order. An index on sku_search tells whether any SKU starts so;
 * only then is the SKU asked of the trigram index (search.ts). The trigram index is rebuilt as migration 004 built it. The listed
 * tool's JSON (`list_json`) is unchanged, so cached answers and serialised rows stay right; a
 * search's answer changes, and the migration's commit moves `PRAGMA data_version` for the other
 * processes on the file, retiring their cached catalogue answers.
 */
export const skuSearch: Migration = {
  version: 31,
  name: 'sku-search',
  sql: `
    ALTER TABLE tools ADD COLUMN sku_search TEXT
      GENERATED ALWAYS AS (lower(replace(sku, '-', ''))) VIRTUAL;
    CREATE INDEX tools_sku_search ON tools (sku_search);
    DROP TRIGGER tools_fts_insert;
    DROP TRIGGER tools_fts_delete;
    DROP TRIGGER tools_fts_update;
    DROP TABLE tools_fts;
    CREATE VIRTUAL TABLE tools_fts USING fts5(
      name, description, sku_search, content = 'tools', content_rowid = 'seq', tokenize = 'trigram'
    );
    INSERT INTO tools_fts (tools_fts) VALUES ('rebuild');
    CREATE TRIGGER tools_fts_insert AFTER INSERT ON tools BEGIN
      INSERT INTO tools_fts (rowid, name, description, sku_search)
        VALUES (new.seq, new.name, new.description, new.sku_search);
    END;
    CREATE TRIGGER tools_fts_delete AFTER DELETE ON tools BEGIN
      INSERT INTO tools_fts (tools_fts, rowid, name, description, sku_search)
        VALUES ('delete', old.seq, old.name, old.description, old.sku_search);
    END;
    CREATE TRIGGER tools_fts_update AFTER UPDATE OF name, description, sku ON tools BEGIN
      INSERT INTO tools_fts (tools_fts, rowid, name, description, sku_search)
        VALUES ('delete', old.seq, old.name, old.description, old.sku_search);
      INSERT INTO tools_fts (rowid, name, description, sku_search)
        VALUES (new.seq, new.name, new.description, new.sku_search);
    END;
  `,
};
