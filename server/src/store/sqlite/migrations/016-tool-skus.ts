import type { Migration } from './migration.js';

/**
 * Issue 25, part numbers:
 * - tools.sku: every tool's SKU, stored as typed, unique without regard to case (NOCASE: SKUs are
 *   ASCII letters, digits and dashes). Tools from before get the SKU a new tool gets when none is
 *   given (contract/sku.ts generatedSku): their category's first three letters and their id,
 *   deterministic and unique because the id is.
 * - order_lines.sku: the SKU a line was bought under, kept like its name. Lines of earlier orders
 *   take their tool's SKU as it is now (none when the tool was deleted).
 */
export const toolSkus: Migration = {
  version: 16,
  name: 'tool-skus',
  sql: `
    ALTER TABLE tools ADD COLUMN sku TEXT NOT NULL DEFAULT '';
    -- Category slugs are lower-case letters, digits and dashes (contract categorySlugSchema).
    UPDATE tools SET sku =
      coalesce(nullif(upper(substr(replace(category, '-', ''), 1, 3)), ''), 'TL') || '-' || upper(id);
    CREATE UNIQUE INDEX tools_sku ON tools (sku COLLATE NOCASE);
    ALTER TABLE order_lines ADD COLUMN sku TEXT;
    UPDATE order_lines SET sku = (SELECT t.sku FROM tools t WHERE t.id = order_lines.tool_id);
  `,
};
