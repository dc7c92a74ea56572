import type { OrderNotifier } from '../orders/expiry.js';
import type { AdminOrder, ListAllOrdersQuery } from '@toolworks/contract/admin-orders';
import { AppError } from '../../lib/app-error.js';
import { pageWindow } from '../../lib/paging.js';
import type { Id, OrderRecord, Store } from '../../store/store.js';
import { toOrderWire } from '../orders/order-wire.js';

/** The customer's order shape plus the payment and shipping times an admin works with. */
export function toAdminOrderWire(record: OrderRecord): AdminOrder {
  return {
    ...toOrderWire(record),
    shipped: record.shippedAt !== undefined,
    ...(record.paidAt !== undefined && { paidAt: record.paidAt }),
    ...(record.shippedAt !== undefined && { shippedAt: record.shippedAt }),
  };
}

export function createAdminOrdersService(
  store: Pick<Store, 'orders'>,
  expire: () => Promise<unknown>,
  notifier?: OrderNotifier,
) {
  return {
    /** Every order, newest first, one page; `total` counts every order with that status. */
    async list(query: ListAllOrdersQuery): Promise<{ items: AdminOrder[]; total: number }> {
      // Reservations that ran out show as expired, not as unpaid orders still holding stock.
      await expire();
      const page = await store.orders.list({ status: query.status, ...pageWindow(query) });
      return { items: page.items.map(toAdminOrderWire), total: page.total };
    },

    /** Paid orders ship; shipping a shipped order again answers it as it is. */
    async ship(id: Id): Promise<AdminOrder> {
      const order = await store.orders.get(id);
      if (!order) throw AppError.notFound('Order not found');
      if (order.shippedAt) return toAdminOrderWire(order);
      if (order.status !== 'paid') throw AppError.conflict('Only a paid order can be shipped');
      const shipped = await store.orders.markShipped(id);
      // Paid orders are never unpaid again, so only a deletion in between could get here.
      if (!shipped) throw AppError.notFound('Order not found');
      await notifier?.notifyById('shipped', id);
      return toAdminOrderWire(shipped);
    },
  };
}
