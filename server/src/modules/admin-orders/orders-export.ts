import { centsToDollars } from '@toolworks/contract/fields';
import type { ExportOrdersQuery } from '@toolworks/contract/admin-orders';
import { csvRow } from '../../lib/csv.js';
import type { OrderFilter, OrderRecord, Store } from '../../store/store.js';
import { orderNumber } from '../orders/index.js';
import { companiesOf, type OrderCompany } from './order-context.js';

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
  'Company',
  'VAT id',
  'Email',
  'Phone',
  'Address',
  'PO reference',
  'Items',
  'SKU',
  'Quantity',
  'Total',
  'Paid',
  'Shipped',
  'Transaction',
];

function orderRow(order: OrderRecord, company: OrderCompany | undefined): string {
  return csvRow([
    orderNumber(order.number),
    order.createdAt,
    order.status,
    order.userName,
    company?.companyName,
    company?.vatId,
    order.userEmail,
    order.userPhone,
    order.userAddress,
    order.poReference,
    order.items.map((line) => `${line.name} x ${line.quantity}`).join('; '),
    // The lines' SKUs in the Items column's order; a line from before SKUs leaves its place empty.
    order.items.map((line) => line.sku ?? '').join('; '),
    order.quantity,
    centsToDollars(order.priceCents).toFixed(2),
    order.paidAt,
    order.shippedAt,
    order.transactionId,
  ]);
}

const PAGE = 500;

/**
 * The filter's orders as CSV text, newest first. Which orders is decided once, when the export
 * starts (their ids, read in one query); the rows are then read a page of ids at a time, as they
 * are by then, so a large shop is never held in memory and an order whose status changes during
 * the download (a colleague cancelling) is neither lost nor written twice, as it was when pages
 * were offsets into a list that moved. Company and VAT id: the order's company, else the
 * buyer's profile (order-context.ts).
 */
export async function* ordersCsv(
  store: Pick<Store, 'orders' | 'profiles' | 'companies'>,
  query: ExportOrdersQuery,
  pageSize = PAGE,
): AsyncGenerator<string> {
  const ids = await store.orders.listIds(toOrderFilter(query));
  // A byte-order mark, so spreadsheets read the names as UTF-8.
  yield `\uFEFF${csvRow(HEADER)}`;
  for (let start = 0; start < ids.length; start += pageSize) {
    const orders = await store.orders.getMany(ids.slice(start, start + pageSize));
    const companies = await companiesOf(store, orders);
    if (orders.length)
      yield orders.map((order) => orderRow(order, companies.get(order._id))).join('');
  }
}

/** `orders-paid-2026-11-23.csv`: what was exported and when. */
export function exportFileName(query: ExportOrdersQuery, now: Date): string {
  const parts = ['orders', query.status, now.toISOString().slice(0, 10)].filter(Boolean);
  return `${parts.join('-')}.csv`;
}
