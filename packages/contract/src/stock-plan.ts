/**
 * Available to promise (issue 25), the arithmetic: what of an order ships today, what ships with
 * the incoming batches the admin recorded, and what ships after the tool's lead time. Pure, so
 * the server reserves with the same arithmetic the tool page, cart and checkout show. No zod
 * here: the tool page and the cart import this, and the schema library would otherwise load on
 * every page (availability.ts holds the schemas and re-exports all of this).
 */

import { formatCount, formatDay } from './format.js';

/** A batch as the API shows it: `promised` units of it are already held for orders. */
export interface IncomingBatch {
  quantity: number;
  expectedDate: string;
  promised: number;
}

export interface StockPlan {
  availableQuantity: number;
  allowBackorders: boolean;
  leadTimeDays: number | null;
  incomingStock: readonly IncomingBatch[];
}

export interface Availability {
  /** Units in stock now. */
  shipToday: number;
  /** Unpromised units of each batch, soonest first; only when backorders are allowed. */
  batches: { quantity: number; date: string; batch: string }[];
  /** Anything beyond ships after the lead time; null when nothing more can be promised. */
  leadTime: { days: number; date: string } | null;
}

/** `YYYY-MM-DD` plus whole days (UTC). */
export function addDays(day: string, days: number): string {
  return new Date(Date.parse(`${day}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);
}

/** The day (UTC) of an instant: what "today" means to availability and its dates. */
export const dayOf = (instant: Date) => instant.toISOString().slice(0, 10);

export function availableToPromise(plan: StockPlan, today: string): Availability {
  const shipToday = Math.max(0, plan.availableQuantity);
  if (!plan.allowBackorders) return { shipToday, batches: [], leadTime: null };
  const batches = [...plan.incomingStock]
    .sort((a, b) => a.expectedDate.localeCompare(b.expectedDate))
    .map((b) => ({
      quantity: b.quantity - b.promised,
      // A batch overdue is promised from today: it is the admin's to receive or move.
      date: b.expectedDate < today ? today : b.expectedDate,
      batch: b.expectedDate,
    }))
    .filter((b) => b.quantity > 0);
  const leadTime =
    plan.leadTimeDays === null
      ? null
      : { days: plan.leadTimeDays, date: addDays(today, plan.leadTimeDays) };
  return { shipToday, batches, leadTime };
}

/** The most one order can take: unbounded (Infinity) when a lead time covers the rest. */
export function maxOrderable(availability: Availability): number {
  if (availability.leadTime) return Number.POSITIVE_INFINITY;
  return availability.batches.reduce((sum, b) => sum + b.quantity, availability.shipToday);
}

/**
 * Where each unit of an order comes from: stock ships today; a batch's share is held against
 * that batch (`batch` is its expected date, the key it is returned to) and ships from its date;
 * the rest ships after the lead time.
 */
export interface Allocation {
  quantity: number;
  from: 'stock' | 'batch' | 'lead';
  shipDate: string;
  batch?: string;
}

/** Stock first, then batches by date, then the lead time; null if the order cannot be promised. */
export function allocate(plan: StockPlan, quantity: number, today: string): Allocation[] | null {
  const availability = availableToPromise(plan, today);
  if (quantity > maxOrderable(availability)) return null;
  const parts: Allocation[] = [];
  let left = quantity;
  const take = (available: number, part: Omit<Allocation, 'quantity'>) => {
    const quantity = Math.min(left, available);
    if (quantity <= 0) return;
    parts.push({ quantity, ...part });
    left -= quantity;
  };
  take(availability.shipToday, { from: 'stock', shipDate: today });
  for (const b of availability.batches)
    take(b.quantity, { from: 'batch', shipDate: b.date, batch: b.batch });
  if (availability.leadTime) take(left, { from: 'lead', shipDate: availability.leadTime.date });
  return parts;
}

/** "12 March", with the year when it is not this year's. */
export function formatShipDate(day: string, today: string): string {
  return formatDay(day, day.slice(0, 4) !== today.slice(0, 4));
}

/** "1,200 ship today; 800 more ship from 12 March; the rest ship by 22 March". */
export function describeAvailability(availability: Availability, today: string): string {
  const parts: string[] = [];
  if (availability.shipToday > 0) parts.push(`${formatCount(availability.shipToday)} ship today`);
  for (const b of availability.batches) {
    const more = parts.length ? ' more' : '';
    parts.push(`${formatCount(b.quantity)}${more} ship from ${formatShipDate(b.date, today)}`);
  }
  // The day the lead time ends, not "in 21 days": a buyer plans by the date.
  if (availability.leadTime) {
    const by = formatShipDate(availability.leadTime.date, today);
    parts.push(parts.length ? `the rest ship by ${by}` : `Ships by ${by}`);
  }
  if (parts.length === 0) return 'Sold out';
  const text = parts.join('; ');
  return text.charAt(0).toUpperCase() + text.slice(1);
}

/** One part of an order line as the API shows it: how many ship on which day. */
export interface LineShipment {
  quantity: number;
  /** `YYYY-MM-DD`: the day it ships (the order's day for stock) or the promised day. */
  shipDate: string;
  /** Not in stock when ordered: promised from an incoming batch or the lead time. */
  backordered: boolean;
}

/** A backordered line's parts by ship date: from stock (now), then each promised date. */
export function shipmentsOf(allocations: readonly Allocation[]): LineShipment[] {
  const parts: LineShipment[] = [];
  for (const part of allocations) {
    const backordered = part.from !== 'stock';
    const same = parts.find((p) => p.shipDate === part.shipDate && p.backordered === backordered);
    if (same) same.quantity += part.quantity;
    else parts.push({ quantity: part.quantity, shipDate: part.shipDate, backordered });
  }
  return parts;
}

/** "300 ship now; 200 backordered, ship from 12 March". */
export function describeShipments(shipments: readonly LineShipment[], today: string): string {
  return shipments
    .map((s) =>
      s.backordered
        ? `${formatCount(s.quantity)} backordered, ship from ${formatShipDate(s.shipDate, today)}`
        : `${formatCount(s.quantity)} ship now`,
    )
    .join('; ');
}
