import type { Migration } from './migration.js';

/**
 * Issue 50, contract prices: each order line keeps the price list (and the version's first day)
 * that set its price when it was placed, with the list's name as it was, so a list edited,
 * renamed or deleted later changes nothing a placed order shows. NULL: the tool's own price, a
 * quote's agreed price, or a line placed before price lists.
 */
export const orderLinePriceList: Migration = {
  version: 35,
  name: 'order-line-price-list',
  sql: `
    ALTER TABLE order_lines ADD COLUMN price_list_id TEXT;
    ALTER TABLE order_lines ADD COLUMN price_list_name TEXT;
    ALTER TABLE order_lines ADD COLUMN price_list_version_starts_on TEXT;
  `,
};
