import type { Migration } from './migration.js';

// Issue 17: every index of `orders` and `order_lines` is one more B-tree that each placed order
// writes, and the write queue's COMMIT (the WAL frames of every page a batch dirtied) was an
// eighth of an order's CPU. Measured on batches of 20 orders from 50 buyers over 10 tools, a
// batch wrote 3.5 WAL frames per order; the indexes keyed by buyer or by tool dirty a page per
// distinct key in the batch, so they cost the most. Four go:
// - order_lines_tool (tool_id): no query reads lines by tool (the review check and the best
//   sellers reach lines through their order). Measured alone: 0.54 frames per order.
// - orders_user_email (user_email, id): a buyer's order list now reads through
//   orders_user_unpaid (user_email, status, expires_at) and sorts that buyer's orders by id. The
//   list is the buyer's whole history, read in full anyway. (Dropping both buyer-keyed indexes
//   saved 1.25 frames per order; orders_user_unpaid stays.)
// - orders_paid_tool (user_email, tool_id, is_paid), from when an order had one tool: the review
//   check joins order_lines and finds the buyer's paid orders through orders_user_unpaid.
// - orders_status (is_paid, shipped_at IS NOT NULL, id), from before orders had a `status`: the
//   admin filters use orders_status_id and orders_status_created_at.
// catalogue-plans.test.ts pins the plans of the queries these served.
export const leanOrderIndexes: Migration = {
  version: 12,
  name: 'lean-order-indexes',
  sql: `
    DROP INDEX IF EXISTS order_lines_tool;
    DROP INDEX IF EXISTS orders_user_email;
    DROP INDEX IF EXISTS orders_paid_tool;
    DROP INDEX IF EXISTS orders_status;
  `,
};
