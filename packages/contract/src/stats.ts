import { z } from 'zod';

/** GET /stats/overview: the admin dashboard's figures. Money in dollars. */

export const STATS_DAYS = 30;
export const BEST_SELLERS_LIMIT = 5;
/** A tool is low on stock when fewer than this many minimum orders are left. */
export const LOW_STOCK_FACTOR = 2;
export const LOW_STOCK_LIMIT = 10;

export const StatsOverviewSchema = z.object({
  /** Counted as Manage Orders' status tabs count them (due reservations expired first). */
  totals: z.object({
    /** Every order, whatever its status: the All tab. */
    orders: z.number().int(),
    unpaid: z.number().int(),
    /** Paid and waiting to be shipped. */
    paid: z.number().int(),
    /** On payment terms, confirmed and waiting to be shipped. */
    confirmed: z.number().int(),
    /** Shipped, not yet delivered. */
    shipped: z.number().int(),
    delivered: z.number().int(),
    /** Paid orders only. */
    revenue: z.number(),
    /** Signed-up users who are not admins. */
    customers: z.number().int(),
    tools: z.number().int(),
  }),
  /** Invoices on payment terms past their due date with a balance; `amount` is still owed. */
  overdueInvoices: z.object({ count: z.number().int(), amount: z.number() }),
  /** The last STATS_DAYS UTC days, oldest first, every day present (zeros included). */
  daily: z.array(
    z.object({
      date: z.string(),
      orders: z.number().int(),
      /** Of the orders placed that day, those paid. */
      revenue: z.number(),
    }),
  ),
  /** By quantity in paid orders. */
  bestSellers: z.array(
    z.object({
      toolId: z.string(),
      name: z.string(),
      quantity: z.number().int(),
      revenue: z.number(),
    }),
  ),
  lowStock: z.array(
    z.object({
      _id: z.string(),
      name: z.string(),
      availableQuantity: z.number().int(),
      MinimumOrderQuantity: z.number().int(),
    }),
  ),
});
export type StatsOverview = z.infer<typeof StatsOverviewSchema>;
