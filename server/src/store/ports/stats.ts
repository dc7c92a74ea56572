/** Read-only aggregates for the admin's Overview. */

import type { ToolRecord } from './catalogue.js';
import type { Id } from './common.js';

/** Counted as Manage Orders' status tabs count them, so the two screens agree. */
export interface OrderTotals {
  /** Every order on record, whatever its status (the All tab). */
  orders: number;
  unpaid: number;
  /** Paid and not shipped yet. */
  paid: number;
  /** Shipped and not yet delivered. */
  shipped: number;
  delivered: number;
  /**
   * The sum of the paid, shipped and delivered orders' prices, and of orders confirmed on
   * invoice (sold on terms: revenue when invoiced, not when the transfer arrives).
   */
  revenueCents: number;
}

export interface DailyOrders {
  /** The UTC calendar day the orders were placed, `YYYY-MM-DD`. */
  day: string;
  orders: number;
  /** The price of that day's orders that have been paid or confirmed on invoice. */
  revenueCents: number;
}

export interface ToolSales {
  toolId: Id;
  /** The tool's current name, or the name on its orders if the tool was deleted. */
  name: string;
  quantity: number;
  revenueCents: number;
}

/** Read-only aggregates for the admin overview. */
export interface StatsRepo {
  orderTotals(): Promise<OrderTotals>;
  /** Orders placed at or after `since` (ISO time), per UTC day; days without orders are absent. */
  ordersPerDay(since: string): Promise<DailyOrders[]>;
  /** Paid (or on invoice) orders only, by quantity, most first (ties: more revenue, then the older tool id). */
  bestSellers(limit: number): Promise<ToolSales[]>;
  /** Tools with `availableQuantity < factor x minimum`, the scarcest relative to it first. */
  lowStock(factor: number, limit: number): Promise<ToolRecord[]>;
  /** Users who are not admins. */
  customerCount(): Promise<number>;
}
