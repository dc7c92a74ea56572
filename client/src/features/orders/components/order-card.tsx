import type { Order } from '@toolworks/contract/orders';
import { DownloadInvoiceButton } from '@/components/ui/download-invoice-button';
import { Link } from 'react-router-dom';
import { paths } from '@/config/paths';
import { formatDateTime, formatPrice } from '@/lib/format';
import { isOpen, OrderLines, OrderStateNote, OrderStatusBadge } from './order-status';
import { OrderFulfilment } from './order-fulfilment';

interface OrderCardProps {
  order: Order;
  onCancel: (order: Order) => void;
  onPay: (order: Order) => void;
  /** Puts the order's lines in the cart at today's prices; offered on every order. */
  onOrderAgain: (order: Order) => void;
  orderingAgain: boolean;
}

export function OrderCard({ order, onCancel, onPay, onOrderAgain, orderingAgain }: OrderCardProps) {
  const titleId = `order-${order._id}`;
  return (
    <article className="card order-card" aria-labelledby={titleId}>
      <div className="card-body">
        <header className="order-card-header">
          <div>
            <h2 id={titleId} className="order-card-title">
              <Link to={paths.dashboard.order(order._id)}>Order {order.number}</Link>
            </h2>
            <p className="muted order-date">
              Placed <time dateTime={order.createdAt}>{formatDateTime(order.createdAt)}</time>
              {order.quoteNumber ? ` · from quote ${order.quoteNumber}` : null}
            </p>
          </div>
          <OrderStatusBadge status={order.status} />
        </header>
        <OrderLines order={order} />
        <p className="order-total">
          Total <span className="order-price">{formatPrice(order.price)}</span>
        </p>
        <OrderStateNote order={order} />
        <OrderFulfilment order={order} />
        {/* Shipped, cancelled and expired orders can be neither paid nor cancelled. */}
        {isOpen(order) ? (
          <div className="order-actions">
            <button
              type="button"
              className="btn btn-secondary"
              onClick={() => onCancel(order)}
              aria-label={`Cancel order ${order.number}`}
            >
              Cancel
            </button>
            <button
              type="button"
              className="btn btn-primary"
              onClick={() => onPay(order)}
              aria-label={`Pay Now for order ${order.number}`}
            >
              Pay Now
            </button>
          </div>
        ) : null}
        <div className="order-actions">
          {/* A paid order has an invoice (numbered at payment); a refunded one a credit note too. */}
          {order.isPaid ? <DownloadInvoiceButton orderId={order._id} /> : null}
          {order.isPaid && order.status === 'refunded' ? (
            <DownloadInvoiceButton orderId={order._id} document="credit-note" />
          ) : null}
          <OrderAgainButton
            order={order}
            busy={orderingAgain}
            onClick={() => onOrderAgain(order)}
          />
        </div>
      </div>
    </article>
  );
}

export function OrderAgainButton({
  order,
  busy,
  onClick,
  className = 'btn btn-secondary',
}: {
  order: Order;
  busy: boolean;
  onClick: () => void;
  className?: string;
}) {
  return (
    <button
      type="button"
      className={className}
      onClick={onClick}
      disabled={busy}
      aria-label={`Order again: the tools of order ${order.number}`}
    >
      {busy ? 'Adding to your cart…' : 'Order again'}
    </button>
  );
}

export function OrderCardSkeleton() {
  return (
    <div className="card order-card" aria-hidden="true">
      <div className="card-body">
        <div className="skeleton skeleton-line" style={{ width: '60%', height: '1.5rem' }} />
        <div className="skeleton skeleton-line" style={{ width: '90%', height: '5rem' }} />
        <div className="skeleton skeleton-line" style={{ width: '50%', height: '2.75rem' }} />
      </div>
    </div>
  );
}
