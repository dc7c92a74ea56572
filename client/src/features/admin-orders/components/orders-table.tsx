import type { AdminOrder } from '@contract/admin-orders';
import { formatCount, formatPrice } from '@/lib/format';

const when = new Intl.DateTimeFormat('en-US', { dateStyle: 'medium', timeStyle: 'short' });
export const formatWhen = (iso: string) => when.format(new Date(iso));

export const shipCellId = (id: string) => `ship-${id}`;

interface OrdersTableProps {
  orders: AdminOrder[];
  /** The order being marked shipped right now, if any. */
  shipping?: string;
  onShip: (order: AdminOrder) => void;
}

function statusOf(order: AdminOrder) {
  if (order.shipped) return { label: 'Shipped', tone: 'shipped' };
  return order.isPaid ? { label: 'Paid', tone: 'paid' } : { label: 'Unpaid', tone: 'unpaid' };
}

/** Every order with its customer, payment and shipping; phones get one card per order. */
export function OrdersTable({ orders, shipping, onShip }: OrdersTableProps) {
  return (
    <div className="orders-table-wrap">
      <table className="orders-table">
        <caption className="visually-hidden">Orders, newest first</caption>
        <thead>
          <tr>
            <th scope="col">Order</th>
            <th scope="col">Customer</th>
            <th scope="col">Quantity</th>
            <th scope="col">Total</th>
            <th scope="col">Payment</th>
            <th scope="col">Shipping</th>
          </tr>
        </thead>
        <tbody>
          {orders.map((order) => {
            const status = statusOf(order);
            return (
              <tr key={order._id}>
                <td data-label="Order">
                  <span className="orders-tool">{order.name}</span>
                  <span className="orders-meta">
                    {formatWhen(order.createdAt)} ·{' '}
                    <span className="orders-id">#{order._id.slice(-8)}</span>
                  </span>
                </td>
                <td data-label="Customer">
                  <span className="orders-customer">{order.userName}</span>
                  <span className="orders-meta">{order.userEmail}</span>
                  <span className="orders-meta">{order.userPhone}</span>
                  <span className="orders-meta">{order.userAddress}</span>
                </td>
                <td data-label="Quantity" className="orders-number">
                  {formatCount(order.quantity)}
                </td>
                <td data-label="Total" className="orders-number">
                  {formatPrice(order.price)}
                </td>
                <td data-label="Payment">
                  <span className={`status-badge status-${status.tone}`}>{status.label}</span>
                  {order.transactionId ? (
                    <span className="orders-meta">
                      Transaction id: <code className="orders-txn">{order.transactionId}</code>
                    </span>
                  ) : null}
                </td>
                <td data-label="Shipping">
                  {order.shipped ? (
                    <span id={shipCellId(order._id)} tabIndex={-1} className="orders-shipped">
                      Shipped{order.shippedAt ? ` ${formatWhen(order.shippedAt)}` : ''}
                    </span>
                  ) : order.isPaid ? (
                    <button
                      type="button"
                      className="btn btn-dark btn-sm"
                      disabled={shipping !== undefined}
                      aria-label={`Mark shipped: ${order.name} for ${order.userName}`}
                      onClick={() => onShip(order)}
                    >
                      {shipping === order._id ? 'Shipping…' : 'Mark shipped'}
                    </button>
                  ) : (
                    <span className="orders-meta">Awaiting payment</span>
                  )}
                </td>
              </tr>
            );
          })}
        </tbody>
      </table>
    </div>
  );
}
