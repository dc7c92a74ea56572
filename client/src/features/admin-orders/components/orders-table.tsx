import type { AdminOrder } from '@toolworks/contract/admin-orders';
import { formatCount, formatPrice } from '@/lib/format';
import { ORDER_STATUS_LABELS } from '@/lib/order-status';
import { PaymentCell } from './payment-cell';
import { formatWhen, ShippingCell } from './shipping-cell';
import type { ShipmentsListProps } from './shipments-list';

interface OrdersTableProps {
  orders: AdminOrder[];
  onShip: (order: AdminOrder) => void;
  onDeliver: (order: AdminOrder) => void;
  onRefund: (order: AdminOrder) => void;
  onRefundPart?: (order: AdminOrder) => void;
  onCancel: (order: AdminOrder) => void;
  onDeliverShipment: ShipmentsListProps['onDeliver'];
  deliveringShipment?: string | undefined;
}

/** Every order with its customer, payment and shipping; phones get one card per order. */
export function OrdersTable(props: OrdersTableProps) {
  const { orders, onShip, onDeliver, onRefund, onRefundPart, onCancel } = props;
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
                  {order.companyName ? (
                    <span className="orders-company">{order.companyName}</span>
                  ) : null}
                  {order.vatId ? <span className="orders-meta">VAT ID {order.vatId}</span> : null}
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
                  <PaymentCell order={order} onRefund={onRefund} onRefundPart={onRefundPart} />
                </td>
                <td data-label="Shipping">
                  <ShippingCell
                    order={order}
                    label={ORDER_STATUS_LABELS[order.status]}
                    onShip={onShip}
                    onDeliver={onDeliver}
                    onCancel={onCancel}
                    onDeliverShipment={props.onDeliverShipment}
                    deliveringShipment={props.deliveringShipment}
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
