import type { AdminOrder } from '@toolworks/contract/admin-orders';
import { formatCents } from '@toolworks/contract/format';
import { useState } from 'react';
import { Link, useSearchParams } from 'react-router-dom';
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
import { OrdersTable } from './orders-table';
import { CancelOrderDialog } from './cancel-order-dialog';
import { DeliverOrderDialog } from './deliver-order-dialog';
import { ShipDialog } from './ship-dialog';
import { RefundDialog } from './refund-dialog';
import { RefundPartDialog } from './refund-part-dialog';
import { ExportOrdersButton } from './export-orders-button';
import { OrdersFilters } from './orders-filters';
import { PANEL_ID, STATUS_TABS, StatusTabs, tabId, type StatusFilter } from './status-tabs';
import { useOrderActions } from './use-order-actions';
import { useReadyToShip } from '../api/get-ready-to-ship';
import { formatCount } from '@/lib/format';
import { useSession } from '@/lib/session';
import './admin-orders.css';

const EMPTY: Record<StatusFilter, string> = {
  all: 'No orders yet.',
  unpaid: 'No unpaid orders.',
  awaiting_approval: 'No orders are waiting for a company approver.',
  confirmed: 'No orders on invoice are waiting to ship.',
  paid: 'Nothing to ship: no paid orders are waiting.',
  partly_shipped: 'No orders are partly shipped.',
  shipped: 'No orders have been shipped yet.',
  delivered: 'No orders have been delivered yet.',
  cancelled: 'No cancelled orders.',
  expired: 'No expired orders.',
  refunded: 'No refunded orders.',
  rejected: 'No orders were rejected by a company approver.',
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
  const { toast, show, dismiss } = useToast();
  const actions = useOrderActions(show);
  const [refundingPart, setRefundingPart] = useState<AdminOrder | null>(null);
  const email = useSession().user?.email;

  const total = orders.data?.total ?? 0;
  const totalPages = Math.max(1, Math.ceil(total / MANAGE_ORDERS_PAGE_SIZE));
  const go = (next: Partial<OrderFilters>) =>
    setParams(orderFiltersToParams({ ...filters, page: 1, ...next }));
  const setFilter = (next: StatusFilter) => go({ status: next === 'all' ? undefined : next });
  const filtered = Boolean(filters.search || filters.from || filters.to);
  // A bad filter (a 400) cannot get better by asking again: it offers clearing instead.
  const refused = orders.error instanceof ApiError && orders.error.status === 400;

  const label = STATUS_TABS.find((tab) => tab.value === status)?.label ?? 'All';
  // "Ready to ship" (issue 53): its own view, kept in the URL like the filters.
  const readyView = params.get('view') === 'ready';
  const ready = useReadyToShip(readyView);

  return (
    <section className="admin-orders" aria-labelledby="manage-orders-title">
      <title>Manage Orders · Toolworks</title>
      <header className="admin-orders-header">
        <h1 id="manage-orders-title">Manage Orders</h1>
        <p className="muted">
          Every customer&apos;s orders, newest first. Paid orders can be shipped (with tracking),
          delivered or refunded; unpaid ones cancelled.
        </p>
        {/* My Orders is a customer link (the spec's rule): an admin who buys finds theirs here. */}
        {email ? (
          <p>
            <Link to={{ search: new URLSearchParams({ search: email }).toString() }}>
              Your own orders
            </Link>
          </p>
        ) : null}
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
      <p className="orders-views">
        {readyView ? (
          <button type="button" className="btn btn-secondary btn-sm" onClick={() => setParams({})}>
            All orders
          </button>
        ) : (
          <button
            type="button"
            className="btn btn-secondary btn-sm"
            onClick={() => setParams({ view: 'ready' })}
          >
            Ready to ship
          </button>
        )}
      </p>
      {readyView ? (
        <section className="orders-panel" aria-labelledby="ready-to-ship-title">
          <h2 id="ready-to-ship-title">Ready to ship</h2>
          <p className="muted">
            Paid or confirmed orders with units in stock now, oldest first (after a batch is
            received, its orders show here).
          </p>
          {ready.isPending ? (
            <p role="status" className="muted">
              Loading orders…
            </p>
          ) : ready.isError ? (
            <ErrorState
              title="We couldn't load the orders ready to ship."
              message={ready.error.message}
              onRetry={() => void ready.refetch()}
              retrying={ready.isFetching}
            />
          ) : ready.data.length === 0 ? (
            <p className="alert alert-info">Nothing is ready to ship.</p>
          ) : (
            <OrdersTable
              orders={ready.data}
              onShip={actions.ship.open}
              onDeliver={actions.deliver.open}
              onRefund={actions.refund.open}
              onCancel={actions.cancel.open}
              onDeliverShipment={actions.deliverShipment.run}
              deliveringShipment={actions.deliverShipment.busyId}
            />
          )}
        </section>
      ) : null}
      {readyView ? null : <StatusTabs value={status} onChange={(next) => setFilter(next)} />}
      <div
        id={PANEL_ID}
        role="tabpanel"
        aria-labelledby={tabId(status)}
        className="orders-panel"
        hidden={readyView}
      >
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
              {label}: {total === 1 ? '1 order' : `${formatCount(total)} orders`}
            </p>
            <div aria-busy={orders.isPlaceholderData} className="orders-body">
              <OrdersTable
                orders={orders.data.items}
                onShip={actions.ship.open}
                onDeliver={actions.deliver.open}
                onRefund={actions.refund.open}
                onRefundPart={setRefundingPart}
                onCancel={actions.cancel.open}
                onDeliverShipment={actions.deliverShipment.run}
                deliveringShipment={actions.deliverShipment.busyId}
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
      <CancelOrderDialog
        order={actions.cancel.order}
        busy={actions.cancel.busy}
        onConfirm={actions.cancel.confirm}
        onCancel={actions.cancel.close}
      />
      <ShipDialog
        order={actions.ship.order}
        busy={actions.ship.busy}
        error={actions.ship.error}
        onShip={actions.ship.confirm}
        onCancel={actions.ship.close}
      />
      <DeliverOrderDialog
        order={actions.deliver.order}
        busy={actions.deliver.busy}
        onConfirm={actions.deliver.confirm}
        onCancel={actions.deliver.close}
      />
      <RefundDialog
        order={actions.refund.order}
        busy={actions.refund.busy}
        error={actions.refund.error}
        onRefund={actions.refund.confirm}
        onCancel={actions.refund.close}
      />
      <RefundPartDialog
        order={refundingPart}
        onCancel={() => setRefundingPart(null)}
        onDone={(answer, order) => {
          setRefundingPart(null);
          const verb = answer.refund.method === 'credit' ? 'credited' : 'refunded';
          show(
            `${formatCents(answer.refund.amountCents)} ${verb} on order ${order.number}; ${formatCents(answer.leftCents)} left`,
          );
        }}
      />
      <ToastRegion toast={toast} onDismiss={dismiss} />
    </section>
  );
}
