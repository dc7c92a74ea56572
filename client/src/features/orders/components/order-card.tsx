import type { Order } from '@contract/orders';
import { formatCount, formatPrice } from '@/lib/format';

interface OrderCardProps {
  order: Order;
  onCancel: (order: Order) => void;
  onPay: (order: Order) => void;
}

function OrderStatus({ order }: { order: Order }) {
  if (order.shipped) return <span className="order-badge order-badge-shipped">Shipped</span>;
  if (order.isPaid) return <span className="order-badge order-badge-paid">Paid</span>;
  return <span className="order-badge order-badge-unpaid">Unpaid</span>;
}

export function OrderCard({ order, onCancel, onPay }: OrderCardProps) {
  const titleId = `order-${order._id}`;
  return (
    <article className="card order-card" aria-labelledby={titleId}>
      <div className="card-body">
        <header className="order-card-header">
          <h2 id={titleId} className="order-card-title">
            {order.name}
          </h2>
          <OrderStatus order={order} />
        </header>
        <dl className="order-facts">
          <div>
            <dt>Total price</dt>
            <dd className="order-price">{formatPrice(order.price)}</dd>
          </div>
          <div>
            <dt>Total quantity</dt>
            <dd>{formatCount(order.quantity)}</dd>
          </div>
          <div>
            <dt>Name</dt>
            <dd>{order.userName}</dd>
          </div>
          <div>
            <dt>Number</dt>
            <dd>{order.userPhone}</dd>
          </div>
          <div className="order-facts-wide">
            <dt>Address</dt>
            <dd>{order.userAddress}</dd>
          </div>
        </dl>
        {order.isPaid ? (
          <p className="order-paid-note">
            {order.shipped ? 'Paid and shipped.' : 'Paid.'} Transaction id:{' '}
            <code className="order-transaction">{order.transactionId ?? 'not recorded'}</code>
          </p>
        ) : null}
        <div className="order-actions">
          <button
            type="button"
            className="btn btn-secondary"
            disabled={order.isPaid}
            onClick={() => onCancel(order)}
            aria-label={`Cancel order for ${order.name}`}
          >
            Cancel
          </button>
          <button
            type="button"
            className="btn btn-primary"
            disabled={order.isPaid}
            onClick={() => onPay(order)}
            aria-label={`Pay Now for ${order.name}`}
          >
            Pay Now
          </button>
        </div>
      </div>
    </article>
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
