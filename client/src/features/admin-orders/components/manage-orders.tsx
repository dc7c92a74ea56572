import type { AdminOrder } from '@toolworks/contract/admin-orders';
import { ORDER_STATUSES, type OrderStatus } from '@toolworks/contract/orders';
import { useState } from 'react';
import { useSearchParams } from 'react-router-dom';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { ErrorState } from '@/components/ui/error-state';
import { Pagination, pageFromParam } from '@/components/ui/pagination';
import { ToastRegion, useToast } from '@/components/ui/toast';
import { MANAGE_ORDERS_PAGE_SIZE, useAllOrders } from '../api/get-all-orders';
import { useAdminCancelOrder } from '../api/cancel-order';
import { useShipOrder } from '../api/ship-order';
import { OrdersTable, shipCellId } from './orders-table';
import { PANEL_ID, STATUS_TABS, StatusTabs, tabId, type StatusFilter } from './status-tabs';
import './admin-orders.css';

const isStatus = (value: string | null): value is OrderStatus =>
  (ORDER_STATUSES as readonly (string | null)[]).includes(value);

const EMPTY: Record<StatusFilter, string> = {
  all: 'No orders yet.',
  unpaid: 'No unpaid orders.',
  paid: 'Nothing to ship: no paid orders are waiting.',
  shipped: 'No orders have been shipped yet.',
  delivered: 'No orders have been delivered yet.',
  cancelled: 'No cancelled orders.',
  expired: 'No expired orders.',
  refunded: 'No refunded orders.',
};

/** Manage Orders (admins): every order, newest first, by status; paid ones can be shipped. */
export function ManageOrders() {
  const [params, setParams] = useSearchParams();
  const rawStatus = params.get('status');
  const status: StatusFilter = isStatus(rawStatus) ? rawStatus : 'all';
  const page = pageFromParam(params.get('page'));
  const orders = useAllOrders({ status: status === 'all' ? undefined : status, page });
  const ship = useShipOrder();
  const cancel = useAdminCancelOrder();
  const [cancelling, setCancelling] = useState<AdminOrder | null>(null);
  const { toast, show, dismiss } = useToast();

  const total = orders.data?.total ?? 0;
  const totalPages = Math.max(1, Math.ceil(total / MANAGE_ORDERS_PAGE_SIZE));
  const setFilter = (next: StatusFilter, nextPage = 1) => {
    const search: Record<string, string> = {};
    if (next !== 'all') search.status = next;
    if (nextPage > 1) search.page = String(nextPage);
    setParams(search);
  };

  const onShip = (order: AdminOrder) =>
    ship.mutate(order._id, {
      onSuccess: () => {
        show(`${order.name} for ${order.userName} is marked shipped`);
        // The button is replaced by the shipped note: keep the keyboard user on that row.
        requestAnimationFrame(() => document.getElementById(shipCellId(order._id))?.focus());
      },
      onError: (error) => show(error.message, 'error'),
    });

  const confirmCancel = () => {
    if (!cancelling) return;
    const order = cancelling;
    cancel.mutate(order._id, {
      onSuccess: () => {
        setCancelling(null);
        show(`Order ${order.number} for ${order.userName} is cancelled; its stock is back`);
      },
      onError: (error) => {
        setCancelling(null);
        show(error.message, 'error');
      },
    });
  };

  const label = STATUS_TABS.find((tab) => tab.value === status)?.label ?? 'All';

  return (
    <section className="admin-orders" aria-labelledby="manage-orders-title">
      <title>Manage Orders · Toolworks</title>
      <header className="admin-orders-header">
        <h1 id="manage-orders-title">Manage Orders</h1>
        <p className="muted">
          Every customer&apos;s orders, newest first. Paid orders can be marked shipped; unpaid ones
          cancelled.
        </p>
      </header>

      <StatusTabs value={status} onChange={(next) => setFilter(next)} />
      <div id={PANEL_ID} role="tabpanel" aria-labelledby={tabId(status)} className="orders-panel">
        {orders.isPending ? (
          <p role="status" className="muted">
            Loading orders…
          </p>
        ) : orders.isError ? (
          <ErrorState
            title="We couldn't load the orders."
            message={orders.error.message}
            onRetry={() => void orders.refetch()}
            retrying={orders.isFetching}
          />
        ) : orders.data.items.length === 0 ? (
          <p className="alert alert-info">{EMPTY[status]}</p>
        ) : (
          <>
            <p className="orders-count muted" aria-live="polite">
              {label}: {total === 1 ? '1 order' : `${total.toLocaleString('en-US')} orders`}
            </p>
            <div aria-busy={orders.isPlaceholderData} className="orders-body">
              <OrdersTable
                orders={orders.data.items}
                shipping={ship.isPending ? ship.variables : undefined}
                onShip={onShip}
                onCancel={setCancelling}
              />
            </div>
            <Pagination
              page={page}
              totalPages={totalPages}
              onChange={(next) => setFilter(status, next)}
              label="Order pages"
              busy={orders.isPlaceholderData}
            />
          </>
        )}
      </div>
      <ConfirmDialog
        open={cancelling !== null}
        title="Cancel this order?"
        confirmLabel="Yes, cancel it"
        cancelLabel="No, keep it"
        busy={cancel.isPending}
        onConfirm={confirmCancel}
        onCancel={() => setCancelling(null)}
      >
        {cancelling ? (
          <p>
            Order {cancelling.number} of {cancelling.userName} ({cancelling.userEmail}) is unpaid.
            Cancelling it returns its stock to the catalogue.
          </p>
        ) : null}
      </ConfirmDialog>
      <ToastRegion toast={toast} onDismiss={dismiss} />
    </section>
  );
}
