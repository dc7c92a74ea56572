import { centsToDollars } from '@toolworks/contract/fields';
import type { ExportOrdersQuery } from '@toolworks/contract/admin-orders';
import { csvRow } from '../../lib/csv.js';
import type { OrderFilter, OrderRecord, Store } from '../../store/store.js';
import { orderNumber } from '../orders/order-wire.js';

const DAY_MS = 24 * 60 * 60 * 1000;

/** The filter's days (UTC) as the store's instants: `to` takes in the whole of that day. */
export function toOrderFilter(query: ExportOrdersQuery): OrderFilter {
  return {
    ...(query.status && { status: query.status }),
    ...(query.search && { search: query.search }),
    ...(query.from && { placedFrom: `${query.from}T00:00:00.000Z` }),
    ...(query.to && {
      placedBefore: new Date(Date.parse(`${query.to}T00:00:00.000Z`) + DAY_MS).toISOString(),
    }),
  };
}

const HEADER = [
  'Order',
  'Placed',
  'Status',
  'Buyer',
  'Email',
  'Phone',
  'Address',
  'PO reference',
  'Items',
  'Quantity',
  'Total',
  'Paid',
  'Shipped',
  'Transaction',
];

function orderRow(order: OrderRecord): string {
  return csvRow([
    orderNumber(order.number),
    order.createdAt,
    order.status,
    order.userName,
    order.userEmail,
    order.userPhone,
    order.userAddress,
    order.poReference,
    order.items.map((line) => `${line.name} x ${line.quantity}`).join('; '),
    order.quantity,
    centsToDollars(order.priceCents).toFixed(2),
    order.paidAt,
    order.shippedAt,
    order.transactionId,
  ]);
}

const PAGE = 500;

/**
 * The filter's orders as CSV text, newest first, a page of the store at a time so a large shop
 * is never held in memory. Orders placed while it runs push the rest down a page: an id seen
 * already is skipped, so nobody appears twice.
 */
export async function* ordersCsv(
  store: Pick<Store, 'orders'>,
  query: ExportOrdersQuery,
): AsyncGenerator<string> {
  const filter = toOrderFilter(query);
  // A byte-order mark, so spreadsheets read the names as UTF-8.
  yield `\uFEFF${csvRow(HEADER)}`;
  const seen = new Set<string>();
  for (let offset = 0; ; offset += PAGE) {
    const page = await store.orders.list({ ...filter, offset, limit: PAGE });
    const rows = page.items.filter((order) => !seen.has(order._id));
    for (const order of rows) seen.add(order._id);
    if (rows.length) yield rows.map(orderRow).join('');
    if (page.items.length < PAGE) return;
  }
}

/** `orders-paid-2026-11-23.csv`: what was exported and when. */
export function exportFileName(query: ExportOrdersQuery, now: Date): string {
  const parts = ['orders', query.status, now.toISOString().slice(0, 10)].filter(Boolean);
  return `${parts.join('-')}.csv`;
}
