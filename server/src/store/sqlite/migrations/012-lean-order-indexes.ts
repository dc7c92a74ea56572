import type { Migration } from './index.js';

// Issue 17: every index of `orders` is one more B-tree that each placed order writes, and the
// write queue's COMMIT (the WAL frames of every page a batch dirtied) was an eighth of an
// order's CPU. Two indexes no query uses any more go:
// - orders_paid_tool (user_email, tool_id, is_paid), from when an order had one tool: the review
//   check now joins order_lines and finds the buyer's paid orders through orders_user_unpaid
//   (user_email, status, ...). Keyed by buyer, it dirtied a random page per order.
// - orders_status (is_paid, shipped_at IS NOT NULL, id), from before orders had a `status`: the
//   admin filters use orders_status_id and orders_status_created_at.
// catalogue-plans.test.ts pins the plans of the queries these served.
export const leanOrderIndexes: Migration = {
  version: 12,
  name: 'lean-order-indexes',
  sql: `
    DROP INDEX IF EXISTS orders_paid_tool;
    DROP INDEX IF EXISTS orders_status;
  `,
};
