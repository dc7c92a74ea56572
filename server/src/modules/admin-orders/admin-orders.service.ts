import type {
  AdminOrder,
  ExportOrdersQuery,
  ListAllOrdersQuery,
} from '@toolworks/contract/admin-orders';
import { pageWindow } from '../../lib/paging.js';
import type { OrderRecord, Store } from '../../store/store.js';
import { toOrderWire } from '../orders/index.js';
import { companiesOf, invoiceStatesOf } from './order-context.js';
import { ordersCsv, toOrderFilter } from './orders-export.js';

/** The customer's order shape plus the payment and shipping times an admin works with. */
export function toAdminOrderWire(record: OrderRecord): AdminOrder {
  return {
    ...toOrderWire(record),
    shipped: record.shippedAt !== undefined,
    ...(record.paidAt !== undefined && { paidAt: record.paidAt }),
    ...(record.shippedAt !== undefined && { shippedAt: record.shippedAt }),
    ...(record.refundRestocked !== undefined && { refundRestocked: record.refundRestocked }),
  };
}

export function createAdminOrdersService(
  store: Pick<Store, 'orders' | 'profiles' | 'companies' | 'invoices'>,
  expire: () => Promise<unknown>,
  now: () => Date,
) {
  return {
    /** Matching orders, newest first, one page; `total` counts every match. */
    async list(query: ListAllOrdersQuery): Promise<{ items: AdminOrder[]; total: number }> {
      // Reservations that ran out show as expired, not as unpaid orders still holding stock.
      await expire();
      const page = await store.orders.list({ ...toOrderFilter(query), ...pageWindow(query) });
      // What the admin reads an order by: its company, and on invoice its invoice, not a card.
      const [companies, invoices] = await Promise.all([
        companiesOf(store, page.items),
        invoiceStatesOf(store, page.items, now().toISOString().slice(0, 10)),
      ]);
      const items = page.items.map((order) => {
        const invoiceState = invoices.get(order._id);
        return {
          ...toAdminOrderWire(order),
          ...companies.get(order._id),
          ...(invoiceState && { invoiceState }),
        };
      });
      return { items, total: page.total };
    },

    /** Every matching order as CSV text, in pieces (see orders-export.ts). */
    async exportCsv(query: ExportOrdersQuery): Promise<AsyncGenerator<string>> {
      await expire();
      return ordersCsv(store, query);
    },
  };
}
