import type { Order } from '@toolworks/contract/orders';
import { describeToShip } from '@toolworks/contract/shipments';
import { formatShipDate } from '@toolworks/contract/stock-plan';
import { formatCount, formatDateTime } from '@/lib/format';

/** An order shipping in parts (issue 53): each shipment, and what is still to come. */
export const shipsInParts = (order: Order) =>
  Boolean(order.toShip) || (order.shipments?.length ?? 0) > 1 || order.status === 'partly_shipped';

const when = (iso: string) => <time dateTime={iso}>{formatDateTime(iso)}</time>;

export function OrderShipments({ order }: { order: Order }) {
  const today = new Date().toISOString().slice(0, 10);
  const later = order.toShip
    ? describeToShip(order.toShip, (day) => formatShipDate(day, today))
    : '';
  return (
    <div className="order-shipments">
      {order.shipments?.length ? (
        <ol aria-label={`Shipments of order ${order.number}`}>
          {order.shipments.map((shipment, index) => (
            <li key={shipment._id}>
              <p>
                <strong>Shipment {index + 1}</strong>, shipped {when(shipment.shippedAt)}
                {shipment.deliveredAt ? <>, delivered {when(shipment.deliveredAt)}</> : null}
              </p>
              <p>
                {shipment.lines
                  .map((line) => `${formatCount(line.quantity)} × ${line.name}`)
                  .join(', ')}
              </p>
              {shipment.carrier || shipment.trackingNumber ? (
                <p>
                  {shipment.carrier ?? 'Tracking'}
                  {shipment.trackingNumber ? (
                    <>
                      :{' '}
                      {shipment.trackingUrl ? (
                        <a href={shipment.trackingUrl} target="_blank" rel="noreferrer noopener">
                          {shipment.trackingNumber}
                          <span className="visually-hidden">
                            {' '}
                            (track with {shipment.carrier}, opens a new tab)
                          </span>
                        </a>
                      ) : (
                        <code>{shipment.trackingNumber}</code>
                      )}
                    </>
                  ) : null}
                </p>
              ) : null}
            </li>
          ))}
        </ol>
      ) : null}
      {later ? <p className="order-note">Still to come: {later}</p> : null}
    </div>
  );
}
