import { centsToDollars } from '@toolworks/contract/fields';
import {
  BEST_SELLERS_LIMIT,
  LOW_STOCK_FACTOR,
  LOW_STOCK_LIMIT,
  STATS_DAYS,
  type StatsOverview,
} from '@toolworks/contract/stats';
import type { DailyOrders, Store } from '../../store/store.js';
import { overdueOf } from '../../domain/terms.js';

const DAY_MS = 24 * 60 * 60 * 1000;

/** The last `days` UTC days up to and including today's, oldest first, as `YYYY-MM-DD`. */
export function lastDays(now: Date, days: number): string[] {
  const today = Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate());
  return Array.from({ length: days }, (_, i) =>
    new Date(today - (days - 1 - i) * DAY_MS).toISOString().slice(0, 10),
  );
}

function fillDays(days: string[], rows: DailyOrders[]): StatsOverview['daily'] {
  const byDay = new Map(rows.map((row) => [row.day, row]));
  return days.map((date) => {
    const row = byDay.get(date);
    return { date, orders: row?.orders ?? 0, revenue: centsToDollars(row?.revenueCents ?? 0) };
  });
}

export function createStatsService(
  store: Pick<Store, 'stats' | 'tools' | 'invoices'>,
  clock: () => Date = () => new Date(),
) {
  return {
    async overview(): Promise<StatsOverview> {
      const days = lastDays(clock(), STATS_DAYS);
      const since = `${days[0]}T00:00:00.000Z`;
      const [totals, perDay, bestSellers, lowStock, customers, tools, invoices] = await Promise.all(
        [
          store.stats.orderTotals(),
          store.stats.ordersPerDay(since),
          store.stats.bestSellers(BEST_SELLERS_LIMIT),
          store.stats.lowStock(LOW_STOCK_FACTOR, LOW_STOCK_LIMIT),
          store.stats.customerCount(),
          store.tools.count(),
          store.invoices.listOnTerms({}),
        ],
      );
      const overdue = overdueOf(invoices, clock().toISOString().slice(0, 10));
      return {
        totals: {
          orders: totals.orders,
          unpaid: totals.unpaid,
          paid: totals.paid,
          confirmed: totals.confirmed,
          shipped: totals.shipped,
          delivered: totals.delivered,
          revenue: centsToDollars(totals.revenueCents),
          customers,
          tools,
        },
        overdueInvoices: { count: overdue.count, amount: centsToDollars(overdue.balanceCents) },
        daily: fillDays(days, perDay),
        bestSellers: bestSellers.map((tool) => ({
          toolId: tool.toolId,
          name: tool.name,
          quantity: tool.quantity,
          revenue: centsToDollars(tool.revenueCents),
        })),
        lowStock: lowStock.map((tool) => ({
          _id: tool._id,
          name: tool.name,
          availableQuantity: tool.availableQuantity,
          MinimumOrderQuantity: tool.minimumOrderQuantity,
        })),
      };
    },
  };
}
