import type { AdminOrder } from '@toolworks/contract/admin-orders';
import { DownloadInvoiceButton } from '@/components/ui/download-invoice-button';
import { formatCount, formatPrice } from '@/lib/format';
import { ORDER_STATUS_LABELS } from '@/lib/order-status';
import { formatWhen, RefundFacts, ShippingCell } from './shipping-cell';

interface OrdersTableProps {
  orders: AdminOrder[];
  onShip: (order: AdminOrder) => void;
  onDeliver: (order: AdminOrder) => void;
  onRefund: (order: AdminOrder) => void;
  onCancel: (order: AdminOrder) => void;
}

const REFUNDABLE = new Set<AdminOrder['status']>(['paid', 'shipped', 'delivered']);

/** Every order with its customer, payment and shipping; phones get one card per order. */
export function OrdersTable({ orders, onShip, onDeliver, onRefund, onCancel }: OrdersTableProps) {
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
                    {order.quoteNumber ? ` · from quote ${order.quoteNumber}` : null}
                  </span>
                  <ul className="orders-lines" aria-label={`Lines of order ${order.number}`}>
                    {order.items.map((line) => (
                      <li key={line.toolId} className="orders-meta">
                        {formatCount(line.quantity)} × {line.name}
                        {line.sku ? <span className="orders-sku"> · SKU {line.sku}</span> : null}
                      </li>
                    ))}
                  </ul>
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
                    {ORDER_STATUS_LABELS[order.status]}
                  </span>
                  {order.transactionId ? (
                    <span className="orders-meta">
                      Transaction id: <code className="orders-txn">{order.transactionId}</code>
                    </span>
                  ) : null}
                  {order.isPaid ? <DownloadInvoiceButton orderId={order._id} /> : null}
                  {order.status === 'refunded' ? (
                    <>
                      <DownloadInvoiceButton orderId={order._id} document="credit-note" />
                      <RefundFacts order={order} />
                    </>
                  ) : null}
                  {REFUNDABLE.has(order.status) ? (
                    <button
                      type="button"
                      className="btn btn-secondary btn-sm"
                      aria-label={`Refund order ${order.number} for ${order.userName}`}
                      onClick={() => onRefund(order)}
                    >
                      Refund
                    </button>
                  ) : null}
                </td>
                <td data-label="Shipping">
                  <ShippingCell
                    order={order}
                    label={ORDER_STATUS_LABELS[order.status]}
                    onShip={onShip}
                    onDeliver={onDeliver}
                    onCancel={onCancel}
                  />
                </td>
              </tr>
            );
          })}
        </tbody>
      </table>
    </div>
  );
}
