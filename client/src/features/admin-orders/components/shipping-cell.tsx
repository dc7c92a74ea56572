import type { AdminOrder } from '@toolworks/contract/admin-orders';
import { SHIPPABLE_STATUSES } from '@toolworks/contract/order-status-sets';
import { formatCount } from '@/lib/format';
import { ShipmentsList, ToShipSplit, type ShipmentsListProps } from './shipments-list';

const when = new Intl.DateTimeFormat('en-US', { dateStyle: 'medium', timeStyle: 'short' });
export const formatWhen = (iso: string) => when.format(new Date(iso));

export const shipCellId = (id: string) => `ship-${id}`;

/** Carrier and tracking number, linked to the carrier's tracking page when it is known. */
export function Tracking({ order }: { order: AdminOrder }) {
  if (!order.carrier && !order.trackingNumber) {
    return <span className="orders-meta">No tracking given</span>;
  }
  const number = order.trackingNumber ? (
    order.trackingUrl ? (
      <a href={order.trackingUrl} target="_blank" rel="noreferrer noopener">
        {order.trackingNumber}
        <span className="visually-hidden"> (track on {order.carrier}, opens a new tab)</span>
      </a>
    ) : (
      <code className="orders-txn">{order.trackingNumber}</code>
    )
  ) : null;
  return (
    <span className="orders-meta">
      {order.carrier ?? 'Tracking'}
      {number ? <>: {number}</> : null}
    </span>
  );
}

/** The refund's date, gateway id, reason, and whether the stock went back. */
export function RefundFacts({ order }: { order: AdminOrder }) {
  return (
    <>
      {order.refundedAt ? (
        <span className="orders-meta">Refunded {formatWhen(order.refundedAt)}</span>
      ) : null}
      {order.refundId ? (
        <span className="orders-meta">
          Refund id: <code className="orders-txn">{order.refundId}</code>
        </span>
      ) : null}
      {order.refundReason ? (
        <span className="orders-meta">Reason: {order.refundReason}</span>
      ) : null}
      {order.refundRestocked !== undefined ? (
        <span className="orders-meta">
          {order.refundRestocked ? 'Stock returned' : 'Stock not returned (had shipped)'}
        </span>
      ) : null}
    </>
  );
}

interface ShippingCellProps {
  order: AdminOrder;
  onShip: (order: AdminOrder) => void;
  onDeliver: (order: AdminOrder) => void;
  onCancel: (order: AdminOrder) => void;
  onDeliverShipment: ShipmentsListProps['onDeliver'];
  deliveringShipment?: string | undefined;
  label: string;
}

/** Where the goods are, and the next step an admin can take for them. */
export function ShippingCell(props: ShippingCellProps) {
  const { order, onShip, onDeliver, onCancel, label } = props;
  const who = `${order.number} for ${order.userName}`;
  // In parts (issue 53): what has gone, what is still to ship and when, and shipping what can go.
  if (
    (order.shipments && order.shipments.length > 1) ||
    order.toShip ||
    order.status === 'partly_shipped'
  ) {
    const now = order.toShip?.now ?? 0;
    return (
      <>
        {order.shipped ? (
          <span id={shipCellId(order._id)} tabIndex={-1} className="orders-shipped">
            Shipped{order.shippedAt ? ` ${formatWhen(order.shippedAt)}` : ''}
          </span>
        ) : (
          <span className="orders-meta">{label}</span>
        )}
        <ToShipSplit order={order} />
        <ShipmentsList
          order={order}
          onDeliver={props.onDeliverShipment}
          busyId={props.deliveringShipment}
        />
        {SHIPPABLE_STATUSES.includes(order.status) ? (
          now > 0 ? (
            <button
              type="button"
              id={order.shipped ? undefined : shipCellId(order._id)}
              className="btn btn-dark btn-sm"
              aria-label={`Ship ${formatCount(now)} now: order ${who}`}
              onClick={() => onShip(order)}
            >
              Ship {formatCount(now)} now
            </button>
          ) : (
            <span id={shipCellId(order._id)} tabIndex={-1} className="orders-meta">
              Waiting for stock
            </span>
          )
        ) : null}
      </>
    );
  }
  if (order.shipped) {
    return (
      <>
        <span id={shipCellId(order._id)} tabIndex={-1} className="orders-shipped">
          Shipped{order.shippedAt ? ` ${formatWhen(order.shippedAt)}` : ''}
        </span>
        <Tracking order={order} />
        {order.deliveredAt ? (
          <span className="orders-meta">Delivered {formatWhen(order.deliveredAt)}</span>
        ) : order.status === 'shipped' ? (
          <button
            type="button"
            className="btn btn-secondary btn-sm"
            aria-label={`Mark delivered: order ${who}`}
            onClick={() => onDeliver(order)}
          >
            Mark delivered
          </button>
        ) : null}
      </>
    );
  }
  if (SHIPPABLE_STATUSES.includes(order.status)) {
    return (
      <button
        type="button"
        id={shipCellId(order._id)}
        className="btn btn-dark btn-sm"
        aria-label={`Mark shipped: ${order.name} for ${order.userName}`}
        onClick={() => onShip(order)}
      >
        Mark shipped
      </button>
    );
  }
  if (order.status === 'unpaid') {
    return (
      <>
        <span className="orders-meta">Awaiting payment</span>
        <button
          type="button"
          className="btn btn-secondary btn-sm"
          aria-label={`Cancel order ${who}`}
          onClick={() => onCancel(order)}
        >
          Cancel
        </button>
      </>
    );
  }
  return <span className="orders-meta">{label}</span>;
}
