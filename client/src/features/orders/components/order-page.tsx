import type { Order } from '@toolworks/contract/orders';
import { useState, type ReactNode } from 'react';
import { DownloadInvoiceButton } from '@/components/ui/download-invoice-button';
import { EInvoiceDownloads } from '@/components/ui/e-invoice-downloads';
import { Link } from 'react-router-dom';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { OrderLoadState } from '@/components/ui/order-load-state';
import { ToastRegion, useToast } from '@/components/ui/toast';
import { paths } from '@/config/paths';
import { formatDateTime, formatPrice } from '@/lib/format';
import { useCancelOrder } from '../api/cancel-order';
import { useOrder } from '@/lib/get-order';
import { useOrderAgain } from '@/lib/order-again';
import { CANCEL_CONFIRM, CANCEL_KEEP, CANCEL_QUESTION } from './my-orders';
import { OrderAgainButton } from './order-card';
import { isOpen, OrderLines, OrderStateNote, OrderStatusBadge } from './order-status';
import { OrderFulfilment } from './order-fulfilment';
import { AddedTax, IncludedTax, TaxFacts } from './order-tax';
import './orders.css';

/**
 * /dashboard/orders/:id: everything about one order, and Pay now / Cancel while unpaid (for its
 * buyer only: a company's approvers see their colleagues' orders here too).
 * `actions` come from app/ (Add to list: the lists feature is not imported here).
 */
export function OrderPage({
  orderId,
  email,
  actions,
}: {
  orderId: string;
  email: string;
  actions?: (order: Order) => ReactNode;
}) {
  const order = useOrder(orderId);
  const cancel = useCancelOrder(email);
  const [confirming, setConfirming] = useState(false);
  const orderAgain = useOrderAgain();
  const { toast, show, dismiss } = useToast();

  if (!order.isSuccess) {
    return (
      <OrderLoadState
        order={order}
        heading="Order"
        headingId="order-title"
        className="order-page"
        missing={{
          title: "We couldn't find this order.",
          text: 'The link may be wrong, or the order belongs to another account.',
          statuses: [400, 403, 404],
        }}
      />
    );
  }

  const data = order.data;
  const confirmCancel = () =>
    cancel.mutate(data._id, {
      onSuccess: () => {
        setConfirming(false);
        show('Your order was cancelled.');
      },
      onError: (error) => {
        setConfirming(false);
        show(error.message, 'error');
      },
    });

  return (
    <section className="order-page" aria-labelledby="order-title">
      <title>{`Order ${data.number} · Toolworks`}</title>
      <header className="order-card-header">
        <h1 id="order-title">Order {data.number}</h1>
        <OrderStatusBadge status={data.status} />
      </header>
      <div className="card">
        <div className="card-body">
          <OrderLines order={data} />
          {data.tax ? <AddedTax tax={data.tax} total={data.price} /> : null}
          <p className="order-total">
            Total <span className="order-price">{formatPrice(data.price)}</span>
          </p>
          {data.tax ? <IncludedTax tax={data.tax} /> : null}
          <OrderStateNote order={data} />
          <OrderFulfilment order={data} />
          <dl className="order-facts">
            <div>
              <dt>Placed</dt>
              <dd>{formatDateTime(data.createdAt)}</dd>
            </div>
            <div>
              <dt>Purchase order reference</dt>
              <dd>{data.poReference ?? 'None'}</dd>
            </div>
            {data.quoteNumber ? (
              <div>
                <dt>From quote</dt>
                <dd>{data.quoteNumber}</dd>
              </div>
            ) : null}
            <div>
              <dt>Name</dt>
              <dd>{data.userName}</dd>
            </div>
            <div>
              <dt>Phone</dt>
              <dd>{data.userPhone}</dd>
            </div>
            {data.tax ? <TaxFacts tax={data.tax} /> : null}
            <div className="order-facts-wide">
              <dt>Delivery address</dt>
              <dd className="order-address">{data.userAddress}</dd>
            </div>
          </dl>
          {isOpen(data) && data.userEmail === email.toLowerCase() ? (
            <div className="order-page-actions">
              <Link className="btn btn-primary" to={paths.dashboard.payment(data._id)}>
                Pay now
              </Link>
              <button
                type="button"
                className="btn btn-secondary"
                onClick={() => setConfirming(true)}
              >
                Cancel order
              </button>
            </div>
          ) : null}
          <div className="order-page-actions">
            {data.isPaid ? (
              <DownloadInvoiceButton orderId={data._id} className="btn btn-secondary" />
            ) : null}
            {/* An order on terms shows its invoice's files under the invoice's number. */}
            {data.isPaid && data.paymentMethod !== 'invoice' ? (
              <EInvoiceDownloads
                source={{ orderId: data._id }}
                name={`invoice of order ${data.number}`}
                className="btn btn-secondary"
              />
            ) : null}
            {data.isPaid && data.status === 'refunded' ? (
              <DownloadInvoiceButton
                orderId={data._id}
                document="credit-note"
                className="btn btn-secondary"
              />
            ) : null}
            {data.isPaid && data.status === 'refunded' ? (
              <EInvoiceDownloads
                source={{ orderId: data._id, document: 'credit-note' }}
                name={`credit note of order ${data.number}`}
                className="btn btn-secondary"
              />
            ) : null}
            <OrderAgainButton
              order={data}
              busy={orderAgain.isPending}
              onClick={() =>
                orderAgain.mutate(data, { onError: (error) => show(error.message, 'error') })
              }
            />
          </div>
          {actions?.(data)}
        </div>
      </div>
      <Link to={paths.dashboard.myOrders}>Back to My Orders</Link>
      <ConfirmDialog
        open={confirming}
        title={CANCEL_QUESTION}
        confirmLabel={CANCEL_CONFIRM}
        cancelLabel={CANCEL_KEEP}
        busy={cancel.isPending}
        onConfirm={confirmCancel}
        onCancel={() => setConfirming(false)}
      >
        <p>Order {data.number} will be cancelled and its stock released.</p>
      </ConfirmDialog>
      <ToastRegion toast={toast} onDismiss={dismiss} />
    </section>
  );
}
