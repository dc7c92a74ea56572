import type { Order } from '@toolworks/contract/orders';
import { Link } from 'react-router-dom';
import { paths } from '@/config/paths';
import { formatDateTime } from '@/lib/format';
import { useOrderAgain } from '@/lib/order-again';

/** Why an expired or cancelled order cannot be paid, and the way to buy its tools again. */
export function closedReason(order: Order): string | null {
  if (order.status === 'expired') {
    return order.expiresAt
      ? `This order expired on ${formatDateTime(order.expiresAt)}: its reservation ended.`
      : 'This order expired: its reservation ended.';
  }
  if (order.status === 'cancelled') return 'This order was cancelled.';
  return null;
}

export function PaymentClosed({ order, reason }: { order: Order; reason: string }) {
  const orderAgain = useOrderAgain();
  return (
    <div className="payment-outcome stack">
      <div className="alert alert-info" role="status">
        <p className="alert-title">{reason}</p>
        <p>
          It can no longer be paid. Order again puts its tools in your cart at today&apos;s prices.
        </p>
      </div>
      {orderAgain.isError ? (
        <p className="alert alert-error" role="alert">
          {orderAgain.error.message}
        </p>
      ) : null}
      <div className="payment-closed-actions">
        <button
          type="button"
          className="btn btn-primary"
          disabled={orderAgain.isPending}
          onClick={() => orderAgain.mutate(order)}
        >
          {orderAgain.isPending ? 'Adding to your cart…' : 'Order again'}
        </button>
        <Link className="btn btn-secondary" to={paths.dashboard.myOrders}>
          Go to My Orders
        </Link>
      </div>
    </div>
  );
}
