/** Read-only aggregates for the admin's Overview. */

import type { ToolRecord } from './catalogue.js';
import type { Id } from './common.js';

// What counts as an order and as revenue is domain/order-status.ts (`countsAsOrder`,
// `isRevenue`): both adapters turn those sets into their queries.

/** Counted as Manage Orders' status tabs count them, so the two screens agree. */
export interface OrderTotals {
  /** Every order on record, whatever its status (the All tab). */
  orders: number;
  unpaid: number;
  /** Paid and not shipped yet. */
  paid: number;
  /** On payment terms, confirmed and not shipped yet: waiting to ship like a paid one. */
  confirmed: number;
  /** Shipped and not yet delivered. */
  shipped: number;
  delivered: number;
  /** The sum of the prices of the orders that count as revenue (`isRevenue`). */
  revenueCents: number;
}

export interface DailyOrders {
  /** The UTC calendar day the orders were placed, `YYYY-MM-DD`. */
  day: string;
  /** That day's orders that count as orders (`countsAsOrder`: not cancelled, expired or rejected). */
  orders: number;
  /** The price of that day's orders that count as revenue (`isRevenue`). */
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
  /** Orders that count as revenue only, by quantity, most first (ties: more revenue, then the older tool id). */
  bestSellers(limit: number): Promise<ToolSales[]>;
  /** Tools with `availableQuantity < factor x minimum`, the scarcest relative to it first. */
  lowStock(factor: number, limit: number): Promise<ToolRecord[]>;
  /** Users who are not admins. */
  customerCount(): Promise<number>;
}
