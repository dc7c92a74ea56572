import type { Migration } from './migration.js';

/**
 * The columns of a listed tool after this migration, in `TOOL_COLUMNS` order (tool-list-sql.ts):
 * 025's and the four pack columns. Written out, as a migration is never edited.
 */
const SOURCE_COLUMNS = `id, name, img, price_cents, description, available_quantity,
  minimum_order_quantity, category, specs, datasheet_url, rating_sum, rating_count, price_tiers,
  created_at, updated_at, sku, images, lead_time_days, allow_backorders, incoming_stock,
  unit, pack_size, order_multiple, price_basis`;
const LIST_JSON = `json_array(${SOURCE_COLUMNS})`;

/**
 * Issue 50, packs and order multiples: each tool's UN/ECE Rec 20 unit (the closed list of
 * contract/units.ts), pieces per sales pack, the multiple it is ordered in and the pieces its
 * price is for; stock and quantities stay in pieces. Every tool so far is sold by the piece
 * (the defaults). Order lines keep the unit and the price basis they were placed at, so a later
 * edit of the tool never changes what a placed order, its email or its invoice says. The listed
 * tool's JSON carries the new columns: the triggers are made again with them (as 026 made them),
 * and each row's text is made again, its `list_rev` moved, so no serialised row is reused.
 */
export const toolPacks: Migration = {
  version: 34,
  name: 'tool-packs',
  sql: `
    ALTER TABLE tools ADD COLUMN unit TEXT NOT NULL DEFAULT 'C62'
      CHECK (unit IN ('C62', 'H87', 'MTR', 'KGM', 'LTR', 'MTK', 'SET', 'PR'));
    ALTER TABLE tools ADD COLUMN pack_size INTEGER NOT NULL DEFAULT 1 CHECK (pack_size >= 1);
    ALTER TABLE tools ADD COLUMN order_multiple INTEGER NOT NULL DEFAULT 1
      CHECK (order_multiple >= 1);
    ALTER TABLE tools ADD COLUMN price_basis INTEGER NOT NULL DEFAULT 1 CHECK (price_basis >= 1);
    ALTER TABLE order_lines ADD COLUMN unit TEXT NOT NULL DEFAULT 'C62';
    ALTER TABLE order_lines ADD COLUMN price_basis INTEGER NOT NULL DEFAULT 1
      CHECK (price_basis >= 1);
    DROP TRIGGER tools_list_json_insert;
    DROP TRIGGER tools_list_json_update;
    UPDATE tools SET list_json = ${LIST_JSON}, list_rev = list_rev + 1;
    CREATE TRIGGER tools_list_json_insert AFTER INSERT ON tools BEGIN
      UPDATE tools SET list_json = ${LIST_JSON}, list_rev = list_rev + 1 WHERE seq = new.seq;
    END;
    CREATE TRIGGER tools_list_json_update AFTER UPDATE OF ${SOURCE_COLUMNS} ON tools BEGIN
      UPDATE tools SET list_json = ${LIST_JSON}, list_rev = list_rev + 1 WHERE seq = new.seq;
    END;
  `,
};
