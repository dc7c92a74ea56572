import { z } from 'zod';

/**
 * The admin's tax reports and meters (issue 51): GET /admin/tax/ec-sales-list.csv, oss.csv,
 * sales-tax.csv, nexus-meter and eu-distance-sales. Periods are UTC, years from 2000 to 2999
 * (so a typo such as 0026 is refused, not read as 1926).
 */

const period = (name: string, pattern: RegExp, example: string) =>
  z
    .string({ error: `${name} must be like ${example}` })
    .regex(pattern, { error: `${name} must be like ${example}` });

export const QuarterQuerySchema = z.object({
  quarter: period('quarter', /^2\d{3}-Q[1-4]$/, '2026-Q4'),
});
export type QuarterQuery = z.infer<typeof QuarterQuerySchema>;

export const MonthQuerySchema = z.object({
  month: period('month', /^2\d{3}-(0[1-9]|1[0-2])$/, '2026-11'),
});
export type MonthQuery = z.infer<typeof MonthQuerySchema>;

/** Left out: this year (the server's clock). */
export const YearQuerySchema = z.object({
  year: period('year', /^2\d{3}$/, '2026')
    .transform(Number)
    .optional(),
});

/** One US state's year (amounts in the shop's currency, as every price on the wire). */
export const NexusMeterStateSchema = z.object({
  state: z.string(),
  revenue: z.number(),
  orders: z.number(),
  crossedRevenue: z.boolean(),
  crossedOrders: z.boolean(),
  crossed: z.boolean(),
  /** Of the threshold, rounded down: 100 when reached, above once passed. */
  revenuePercent: z.number(),
  ordersPercent: z.number(),
});
export type NexusMeterState = z.infer<typeof NexusMeterStateSchema>;

export const NexusMeterSchema = z.object({
  year: z.number(),
  revenueThreshold: z.number(),
  ordersThreshold: z.number(),
  /** Every state the shop sold to this year, most revenue first. */
  states: z.array(NexusMeterStateSchema),
});
export type NexusMeter = z.infer<typeof NexusMeterSchema>;

export const EuDistanceSalesSchema = z.object({
  year: z.number(),
  /** The shop's currency (the threshold is EUR 10,000: meaningful in a shop that sells in EUR). */
  currency: z.string(),
  thisYear: z.number(),
  lastYear: z.number(),
  threshold: z.number(),
  /** This year's sales, of the threshold, rounded down. */
  percent: z.number(),
  overLastYear: z.boolean(),
  overThisYear: z.boolean(),
  /** Sales to consumers in other member states are taxed at the destination's rate now. */
  over: z.boolean(),
});
export type EuDistanceSales = z.infer<typeof EuDistanceSalesSchema>;
