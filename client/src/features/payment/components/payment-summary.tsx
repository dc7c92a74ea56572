import type { Order } from '@toolworks/contract/orders';
import { describeShipments } from '@toolworks/contract/stock-plan';
import { formatCount, formatDateTime, formatPrice } from '@/lib/format';

/** The order being paid for: its number, every line, the total and until when it is held. */
export function PaymentSummary({ order }: { order: Order }) {
  return (
    <div className="card payment-summary">
      <h2 className="payment-summary-title">Order {order.number}</h2>
      <table className="payment-lines table-stacked">
        <caption className="visually-hidden">Lines of order {order.number}</caption>
        <thead>
          <tr>
            <th scope="col">Tool</th>
            <th scope="col">Quantity</th>
            <th scope="col">Unit price</th>
            <th scope="col">Line total</th>
          </tr>
        </thead>
        <tbody>
          {order.items.map((line) => (
            <tr key={line.toolId}>
              <th scope="row">
                {line.name}
                {line.shipments ? (
                  <span className="payment-line-shipping">
                    {describeShipments(line.shipments, order.createdAt.slice(0, 10))}
                  </span>
                ) : null}
              </th>
              <td data-label="Quantity">{formatCount(line.quantity)}</td>
              <td data-label="Unit price">{formatPrice(line.unitPrice)}</td>
              <td data-label="Line total">{formatPrice(line.lineTotal)}</td>
            </tr>
          ))}
        </tbody>
      </table>
      <dl>
        {order.status === 'unpaid' && order.expiresAt ? (
          <div>
            <dt>Reserved until</dt>
            <dd>
              <time dateTime={order.expiresAt}>{formatDateTime(order.expiresAt)}</time>
            </dd>
          </div>
        ) : null}
        <div className="payment-price">
          <dt>Total</dt>
          <dd>{formatPrice(order.price)}</dd>
        </div>
      </dl>
    </div>
  );
}
