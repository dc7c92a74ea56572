import { LIST_JSON, SOURCE_COLUMNS } from './025-tool-list-json.js';
import type { Migration } from './migration.js';

/**
 * Issue 27: tools.list_rev, a count of the row's `list_json` texts, moved by the same triggers
 * in the same UPDATE: `id:list_rev` names one text of one tool, for good (ids are never reused).
 * The process keeps each listed tool serialised by that name, so an uncached page reads 24 short
 * names instead of 24 texts of about 1 kB, and looks them up without hashing 24 kB of text
 * (a tenth of an uncached page's CPU; docs/performance.md). The triggers watch and write 025's
 * columns, unchanged; a migration that changes them writes its own list.
 */
export const toolListRev: Migration = {
  version: 26,
  name: 'tool-list-rev',
  sql: `
    ALTER TABLE tools ADD COLUMN list_rev INTEGER NOT NULL DEFAULT 1;
    DROP TRIGGER tools_list_json_insert;
    DROP TRIGGER tools_list_json_update;
    CREATE TRIGGER tools_list_json_insert AFTER INSERT ON tools BEGIN
      UPDATE tools SET list_json = ${LIST_JSON}, list_rev = list_rev + 1 WHERE seq = new.seq;
    END;
    CREATE TRIGGER tools_list_json_update AFTER UPDATE OF ${SOURCE_COLUMNS} ON tools BEGIN
      UPDATE tools SET list_json = ${LIST_JSON}, list_rev = list_rev + 1 WHERE seq = new.seq;
    END;
  `,
};
