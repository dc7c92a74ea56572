import type { Migration } from './migration.js';

/**
 * The columns of a listed tool after this migration, in `TOOL_COLUMNS` order (tool-list-sql.ts):
 * 034's and the tax class. Written out, as a migration is never edited.
 */
const SOURCE_COLUMNS = `id, name, img, price_cents, description, available_quantity,
  minimum_order_quantity, category, specs, datasheet_url, rating_sum, rating_count, price_tiers,
  created_at, updated_at, sku, images, lead_time_days, allow_backorders, incoming_stock,
  unit, pack_size, order_multiple, price_basis, tax_class`;
const LIST_JSON = `json_array(${SOURCE_COLUMNS})`;

/**
 * Issue 51, tax across borders: each tool's tax class, which of a country's VAT rates a sale of
 * it takes. Every tool so far is `standard`. The listed tool's JSON carries the new column: the
 * triggers are made again with it (as 034 made them), and each row's text is made again, its
 * `list_rev` moved, so no serialised row is reused.
 */
export const toolTaxClass: Migration = {
  version: 36,
  name: 'tool-tax-class',
  sql: `
    ALTER TABLE tools ADD COLUMN tax_class TEXT NOT NULL DEFAULT 'standard'
      CHECK (tax_class IN ('standard', 'reduced', 'zero'));
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
