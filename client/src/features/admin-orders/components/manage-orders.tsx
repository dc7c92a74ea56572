import type { AdminOrder } from '@toolworks/contract/admin-orders';
import { useState } from 'react';
import { useSearchParams } from 'react-router-dom';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { ErrorState } from '@/components/ui/error-state';
import { Pagination } from '@/components/ui/pagination';
import { ToastRegion, useToast } from '@/components/ui/toast';
import { ApiError } from '@/lib/api-client';
import { MANAGE_ORDERS_PAGE_SIZE, useAllOrders } from '../api/get-all-orders';
import {
  hasFilters,
  orderFiltersToParams,
  readOrderFilters,
  type OrderFilters,
} from '../api/order-filters';
import { useAdminCancelOrder } from '../api/cancel-order';
import { useShipOrder } from '../api/ship-order';
import { useDeliverOrder } from '../api/deliver-order';
import { useRefundOrder } from '../api/refund-order';
import { OrdersTable } from './orders-table';
import { shipCellId } from './shipping-cell';
import { ShipDialog } from './ship-dialog';
import { RefundDialog } from './refund-dialog';
import { ExportOrdersButton } from './export-orders-button';
import { OrdersFilters } from './orders-filters';
import { PANEL_ID, STATUS_TABS, StatusTabs, tabId, type StatusFilter } from './status-tabs';
import './admin-orders.css';

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

/**
 * Manage Orders (admins): every order, newest first, found by status, text and placing days
 * (all in the URL, so Back, reload and shared links keep them); shipping, delivery, refunds.
 */
export function ManageOrders() {
  const [params, setParams] = useSearchParams();
  const filters = readOrderFilters(params);
  const { page } = filters;
  const status: StatusFilter = filters.status ?? 'all';
  const orders = useAllOrders(filters);
  const ship = useShipOrder();
  const deliver = useDeliverOrder();
  const refund = useRefundOrder();
  const cancel = useAdminCancelOrder();
  const [cancelling, setCancelling] = useState<AdminOrder | null>(null);
  const [shipping, setShipping] = useState<AdminOrder | null>(null);
  const [delivering, setDelivering] = useState<AdminOrder | null>(null);
  const [refunding, setRefunding] = useState<AdminOrder | null>(null);
  const { toast, show, dismiss } = useToast();

  const total = orders.data?.total ?? 0;
  const totalPages = Math.max(1, Math.ceil(total / MANAGE_ORDERS_PAGE_SIZE));
  const go = (next: Partial<OrderFilters>) =>
    setParams(orderFiltersToParams({ ...filters, page: 1, ...next }));
  const setFilter = (next: StatusFilter) => go({ status: next === 'all' ? undefined : next });
  const filtered = Boolean(filters.search || filters.from || filters.to);
  // A bad filter (a 400) cannot get better by asking again: it offers clearing instead.
  const refused = orders.error instanceof ApiError && orders.error.status === 400;

  // The step's button is replaced by its outcome: keep the keyboard user on that row.
  const focusRow = (id: string) =>
    requestAnimationFrame(() => document.getElementById(shipCellId(id))?.focus());

  const openShip = (order: AdminOrder) => {
    ship.reset();
    setShipping(order);
  };
  const confirmShip = (shipment: Parameters<typeof ship.mutate>[0]) =>
    ship.mutate(shipment, {
      onSuccess: (shipped) => {
        setShipping(null);
        show(`${shipped.name} for ${shipped.userName} is marked shipped`);
        focusRow(shipped._id);
      },
    });

  const confirmDeliver = () => {
    if (!delivering) return;
    deliver.mutate(delivering._id, {
      onSuccess: (delivered) => {
        setDelivering(null);
        show(`Order ${delivered.number} for ${delivered.userName} is marked delivered`);
        focusRow(delivered._id);
      },
      onError: (error) => {
        setDelivering(null);
        show(error.message, 'error');
      },
    });
  };

  const openRefund = (order: AdminOrder) => {
    refund.reset();
    setRefunding(order);
  };
  const confirmRefund = (reason: string | undefined) => {
    if (!refunding) return;
    refund.mutate(
      { id: refunding._id, ...(reason && { reason }) },
      {
        onSuccess: (refunded) => {
          setRefunding(null);
          show(`Order ${refunded.number} for ${refunded.userName} is refunded`);
        },
      },
    );
  };

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
          Every customer&apos;s orders, newest first. Paid orders can be shipped (with tracking),
          delivered or refunded; unpaid ones cancelled.
        </p>
      </header>

      <div className="orders-tools">
        <OrdersFilters
          filters={filters}
          onApply={(next) => go(next)}
          onClear={() => setParams({})}
          canClear={hasFilters(filters)}
        />
        <ExportOrdersButton filters={filters} />
      </div>
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
            {...(!refused && {
              onRetry: () => void orders.refetch(),
              retrying: orders.isFetching,
            })}
          />
        ) : orders.data.items.length === 0 ? (
          <p className="alert alert-info">
            {filtered ? 'No orders match this search and these days.' : EMPTY[status]}
          </p>
        ) : (
          <>
            <p className="orders-count muted" aria-live="polite">
              {label}: {total === 1 ? '1 order' : `${total.toLocaleString('en-US')} orders`}
            </p>
            <div aria-busy={orders.isPlaceholderData} className="orders-body">
              <OrdersTable
                orders={orders.data.items}
                onShip={openShip}
                onDeliver={setDelivering}
                onRefund={openRefund}
                onCancel={setCancelling}
              />
            </div>
            <Pagination
              page={page}
              totalPages={totalPages}
              onChange={(next) => go({ page: next })}
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
      <ShipDialog
        order={shipping}
        busy={ship.isPending}
        error={ship.error?.message}
        onShip={(shipment) => shipping && confirmShip({ id: shipping._id, ...shipment })}
        onCancel={() => setShipping(null)}
      />
      <ConfirmDialog
        open={delivering !== null}
        title="Mark this order delivered?"
        confirmLabel="Mark delivered"
        cancelLabel="Not yet"
        busy={deliver.isPending}
        onConfirm={confirmDeliver}
        onCancel={() => setDelivering(null)}
      >
        {delivering ? (
          <p>
            Order {delivering.number} of {delivering.userName} reached {delivering.userAddress}. The
            buyer sees it as delivered today.
          </p>
        ) : null}
      </ConfirmDialog>
      <RefundDialog
        order={refunding}
        busy={refund.isPending}
        error={refund.error?.message}
        onRefund={confirmRefund}
        onCancel={() => setRefunding(null)}
      />
      <ToastRegion toast={toast} onDismiss={dismiss} />
    </section>
  );
}
