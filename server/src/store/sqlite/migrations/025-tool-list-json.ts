import type { Migration } from './migration.js';

/**
 * The columns of a listed tool, in `TOOL_COLUMNS` order (tool-list-sql.ts); a write to any of
 * them makes its JSON again. Written out here
 * as they stood at this migration: a migration is never edited, and one that changes the columns
 * recreates the two triggers below with its own list (the test `tool-list-json.test.ts` fails
 * until it does).
 */
export const SOURCE_COLUMNS = `id, name, img, price_cents, description, available_quantity,
  minimum_order_quantity, category, specs, datasheet_url, rating_sum, rating_count, price_tiers,
  created_at, updated_at, sku, images, lead_time_days, allow_backorders, incoming_stock`;
export const LIST_JSON = `json_array(${SOURCE_COLUMNS})`;

/**
 * Issue 27: tools.list_json, each tool's listed values as the one JSON array a catalogue page
 * reads, kept by triggers in the transaction of every write to the row (an order's stock, a
 * review's rating, an admin's edit). Building it from 20 columns on every read was most of an
 * uncached page's SQLite time: 24 rows in 35 µs, against 14 µs reading it made
 * (docs/performance.md). The trigger's own UPDATE writes only list_json, outside the columns it
 * watches, so it does not fire itself.
 */
export const toolListJson: Migration = {
  version: 25,
  name: 'tool-list-json',
  sql: `
    ALTER TABLE tools ADD COLUMN list_json TEXT NOT NULL DEFAULT '[]';
    UPDATE tools SET list_json = ${LIST_JSON};
    CREATE TRIGGER tools_list_json_insert AFTER INSERT ON tools BEGIN
      UPDATE tools SET list_json = ${LIST_JSON} WHERE seq = new.seq;
    END;
    CREATE TRIGGER tools_list_json_update AFTER UPDATE OF ${SOURCE_COLUMNS} ON tools BEGIN
      UPDATE tools SET list_json = ${LIST_JSON} WHERE seq = new.seq;
    END;
  `,
};
