import type { Migration } from './migration.js';

// Issue 17: every order counts the buyer's live unpaid orders (the MAX_UNPAID_ORDERS cap). With
// only (user_email, status) and (status, expires_at) to choose from, SQLite took the second and
// walked every unpaid order of every buyer: the cost of an order grew with the shop's unpaid
// orders. This index answers the count from the buyer's own entries; it also serves every query
// the (user_email, status) index served, which it replaces.
export const unpaidIndex: Migration = {
  version: 11,
  name: 'unpaid-index',
  sql: `
    CREATE INDEX orders_user_unpaid ON orders (user_email, status, expires_at);
    DROP INDEX orders_user_status;
  `,
};
