import type { Order } from '@toolworks/contract/orders';
import type { ReactNode } from 'react';
import { formatDateTime } from '@/lib/format';
import { OrderShipments, shipsInParts } from './order-shipments';

/**
 * Shipping and refund facts for the buyer: carrier and tracking number (a link to the carrier's
 * tracking page when the shop knows it), the delivery date, the refund's date, id and reason.
 */
export function OrderFulfilment({ order }: { order: Order }) {
  const facts: { term: string; detail: ReactNode }[] = [];
  // Shipped in parts, each shipment has its own date and tracking (order-shipments.tsx).
  const inParts = shipsInParts(order);
  if (order.shippedAt && !inParts) facts.push({ term: 'Shipped', detail: when(order.shippedAt) });
  if (order.carrier && !inParts) facts.push({ term: 'Carrier', detail: order.carrier });
  if (order.trackingNumber && !inParts) {
    facts.push({
      term: 'Tracking number',
      detail: order.trackingUrl ? (
        <a href={order.trackingUrl} target="_blank" rel="noreferrer noopener">
          {order.trackingNumber}
          <span className="visually-hidden"> (track with {order.carrier}, opens a new tab)</span>
        </a>
      ) : (
        <code>{order.trackingNumber}</code>
      ),
    });
  }
  if (order.deliveredAt) facts.push({ term: 'Delivered', detail: when(order.deliveredAt) });
  if (order.refundedAt) facts.push({ term: 'Refunded', detail: when(order.refundedAt) });
  if (order.refundId)
    facts.push({
      term: 'Refund id',
      detail: <code className="order-transaction">{order.refundId}</code>,
    });
  if (order.refundReason) facts.push({ term: 'Refund reason', detail: order.refundReason });
  const parts = inParts ? <OrderShipments order={order} /> : null;
  if (facts.length === 0) return parts;
  return (
    <>
      {parts}
      <dl className="order-fulfilment" aria-label={`Shipping and refund of order ${order.number}`}>
        {facts.map(({ term, detail }) => (
          <div key={term}>
            <dt>{term}</dt>
            <dd>{detail}</dd>
          </div>
        ))}
      </dl>
    </>
  );
}

const when = (iso: string) => <time dateTime={iso}>{formatDateTime(iso)}</time>;
