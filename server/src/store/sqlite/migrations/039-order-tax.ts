import type { Migration } from './migration.js';

// Issue 51: each order line keeps its tax as decided when placed (rate, EN 16931 category, the
// legal reason of a 0%, the rule that decided it, the amount), and the order where it was
// shipped, to whom (the buyer's VAT ID as it stood) and whether its prices included the tax.
// Orders placed before keep NULLs: their tax is the total's share at one rate, as before.
export const orderTax: Migration = {
  version: 39,
  name: 'order-tax',
  sql: `
    ALTER TABLE order_lines ADD COLUMN tax_rate_percent REAL;
    ALTER TABLE order_lines ADD COLUMN tax_category TEXT
      CHECK (tax_category IN ('S', 'Z', 'E', 'AE', 'K', 'G', 'O'));
    ALTER TABLE order_lines ADD COLUMN tax_reason TEXT;
    ALTER TABLE order_lines ADD COLUMN tax_vatex TEXT;
    ALTER TABLE order_lines ADD COLUMN tax_rule TEXT;
    ALTER TABLE order_lines ADD COLUMN tax_cents INTEGER;
    ALTER TABLE orders ADD COLUMN tax_cents INTEGER;
    ALTER TABLE orders ADD COLUMN prices_include_tax INTEGER CHECK (prices_include_tax IN (0, 1));
    ALTER TABLE orders ADD COLUMN ship_to_country TEXT;
    ALTER TABLE orders ADD COLUMN ship_to_state TEXT;
    ALTER TABLE orders ADD COLUMN buyer_vat_id TEXT;
  `,
};
