import type Database from 'better-sqlite3';
import { COUNTED_ORDER_STATUSES, KEPT_STATUSES } from '../../domain/order-status.js';
import type { DailyOrders, OrderTotals, StatsRepo, ToolSales } from '../store.js';
import { sqlStatuses } from './order-rows.js';
import { TOOL_JSON_ROW } from './tool-list-sql.js';
import { jsonRowToToolRecord } from './tools-repo.js';

/**
 * The smallest id of anything created at or after `iso`: ids start with their creation second, so
 * a range on the primary key finds recent orders without a full scan.
 */
export function idFloor(iso: string): string {
  const seconds = Math.floor(Date.parse(iso) / 1000);
  return seconds.toString(16).padStart(8, '0') + '0'.repeat(16);
}

const COUNTED = sqlStatuses(COUNTED_ORDER_STATUSES);
// The domain's `isRevenue` in SQL: paid on invoice, `is_paid` turns 1 when the invoice is paid in full.
const isRevenue = (order = '') =>
  `${order}status IN ${sqlStatuses(KEPT_STATUSES)} AND (${order}payment_method = 'card' OR ${order}is_paid = 1)`;
// Issue 53: what partial refunds and credits gave back of an order that still counts.
const REFUNDED = `coalesce((SELECT sum(r.amount_cents) FROM refunds r WHERE r.order_id = orders.id), 0)`;

export function sqliteStatsRepo(db: Database.Database): StatsRepo {
  const totals = db.prepare(`SELECT
      count(*) AS orders,
      coalesce(sum(status = 'unpaid'), 0) AS unpaid,
      coalesce(sum(status = 'paid'), 0) AS paid,
      coalesce(sum(status = 'confirmed'), 0) AS confirmed,
      coalesce(sum(status = 'shipped'), 0) AS shipped,
      coalesce(sum(status = 'delivered'), 0) AS delivered,
      coalesce(sum(CASE WHEN ${isRevenue()} THEN price_cents - ${REFUNDED} END), 0) AS revenueCents
    FROM orders`);
  const perDay = db.prepare(`SELECT substr(created_at, 1, 10) AS day, count(*) AS orders,
      coalesce(sum(CASE WHEN ${isRevenue()} THEN price_cents - ${REFUNDED} END), 0) AS revenueCents
    FROM orders WHERE id >= ? AND created_at >= ? AND status IN ${COUNTED}
    GROUP BY day ORDER BY day`);
  const best = db.prepare(`SELECT l.tool_id AS toolId, coalesce(min(t.name), max(l.name)) AS name,
      sum(l.quantity) AS quantity, sum(l.line_total_cents) AS revenueCents
    FROM order_lines l JOIN orders o ON o.id = l.order_id LEFT JOIN tools t ON t.id = l.tool_id
    WHERE ${isRevenue('o.')}
    GROUP BY l.tool_id
    ORDER BY quantity DESC, revenueCents DESC, l.tool_id
    LIMIT ?`);
  const low = db
    .prepare(
      `SELECT ${TOOL_JSON_ROW} FROM tools t
    WHERE t.available_quantity < ? * t.minimum_order_quantity
    ORDER BY t.available_quantity * 1.0 / t.minimum_order_quantity, t.id
    LIMIT ?`,
    )
    .pluck();
  const customers = db
    .prepare('SELECT count(*) FROM users WHERE role IS NULL AND removed_at IS NULL')
    .pluck();

  return {
    async orderTotals() {
      return totals.get() as OrderTotals;
    },
    async ordersPerDay(since) {
      return perDay.all(idFloor(since), since) as DailyOrders[];
    },
    async bestSellers(limit) {
      return best.all(limit) as ToolSales[];
    },
    async lowStock(factor, limit) {
      return (low.all(factor, limit) as string[]).map(jsonRowToToolRecord);
    },
    async customerCount() {
      return customers.get() as number;
    },
  };
}
