import type Database from 'better-sqlite3';
import type { DailyOrders, OrderTotals, StatsRepo, ToolSales } from '../store.js';
import { toToolRecord } from './tools-repo.js';

/**
 * The smallest id of anything created at or after `iso`: ids start with their creation second, so
 * a range on the primary key finds recent orders without a full scan.
 */
export function idFloor(iso: string): string {
  const seconds = Math.floor(Date.parse(iso) / 1000);
  return seconds.toString(16).padStart(8, '0') + '0'.repeat(16);
}

export function sqliteStatsRepo(db: Database.Database): StatsRepo {
  const totals = db.prepare(`SELECT count(*) AS orders,
      coalesce(sum(is_paid = 0), 0) AS unpaid,
      coalesce(sum(is_paid = 1 AND shipped_at IS NULL), 0) AS paid,
      coalesce(sum(is_paid = 1 AND shipped_at IS NOT NULL), 0) AS shipped,
      coalesce(sum(CASE WHEN is_paid = 1 THEN price_cents END), 0) AS revenueCents
    FROM orders`);
  const perDay = db.prepare(`SELECT substr(created_at, 1, 10) AS day, count(*) AS orders,
      coalesce(sum(CASE WHEN is_paid = 1 THEN price_cents END), 0) AS revenueCents
    FROM orders WHERE id >= ? AND created_at >= ?
    GROUP BY day ORDER BY day`);
  const best = db.prepare(`SELECT o.tool_id AS toolId, coalesce(min(t.name), max(o.name)) AS name,
      sum(o.quantity) AS quantity, sum(o.price_cents) AS revenueCents
    FROM orders o LEFT JOIN tools t ON t.id = o.tool_id
    WHERE o.is_paid = 1
    GROUP BY o.tool_id
    ORDER BY quantity DESC, revenueCents DESC, o.tool_id
    LIMIT ?`);
  const low = db.prepare(`SELECT * FROM tools
    WHERE available_quantity < ? * minimum_order_quantity
    ORDER BY available_quantity * 1.0 / minimum_order_quantity, id
    LIMIT ?`);
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
      return (low.all(factor, limit) as Parameters<typeof toToolRecord>[0][]).map(toToolRecord);
    },
    async customerCount() {
      return customers.get() as number;
    },
  };
}
