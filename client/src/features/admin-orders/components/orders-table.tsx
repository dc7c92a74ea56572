import type { AdminOrder } from '@toolworks/contract/admin-orders';
import { DownloadInvoiceButton } from '@/components/ui/download-invoice-button';
import { formatCount, formatPrice } from '@/lib/format';

const when = new Intl.DateTimeFormat('en-US', { dateStyle: 'medium', timeStyle: 'short' });
export const formatWhen = (iso: string) => when.format(new Date(iso));

export const shipCellId = (id: string) => `ship-${id}`;

interface OrdersTableProps {
  orders: AdminOrder[];
  /** The order being marked shipped right now, if any. */
  shipping?: string;
  onShip: (order: AdminOrder) => void;
  onCancel: (order: AdminOrder) => void;
}

const LABELS: Record<AdminOrder['status'], string> = {
  unpaid: 'Unpaid',
  paid: 'Paid',
  shipped: 'Shipped',
  delivered: 'Delivered',
  cancelled: 'Cancelled',
  expired: 'Expired',
  refunded: 'Refunded',
};

/** Every order with its customer, payment and shipping; phones get one card per order. */
export function OrdersTable({ orders, shipping, onShip, onCancel }: OrdersTableProps) {
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
            return (
              <tr key={order._id}>
                <td data-label="Order">
                  <span className="orders-tool">{order.name}</span>
                  <span className="orders-meta">
                    {formatWhen(order.createdAt)} ·{' '}
                    <span className="orders-id">{order.number}</span>
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
                  <span className={`status-badge status-${order.status}`}>
                    {LABELS[order.status]}
                  </span>
                  {order.transactionId ? (
                    <span className="orders-meta">
                      Transaction id: <code className="orders-txn">{order.transactionId}</code>
                    </span>
                  ) : null}
                  {order.isPaid ? <DownloadInvoiceButton orderId={order._id} /> : null}
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
                  ) : order.status === 'unpaid' ? (
                    <>
                      <span className="orders-meta">Awaiting payment</span>
                      <button
                        type="button"
                        className="btn btn-secondary btn-sm"
                        aria-label={`Cancel order ${order.number} for ${order.userName}`}
                        onClick={() => onCancel(order)}
                      >
                        Cancel
                      </button>
                    </>
                  ) : (
                    <span className="orders-meta">{LABELS[order.status]}</span>
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
