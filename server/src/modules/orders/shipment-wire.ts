import type { Order } from '@toolworks/contract/orders';
import type { Shipment } from '@toolworks/contract/shipments';
import { SHIPPABLE_STATUSES } from '../../domain/order-status.js';
import { lineProgress, shipmentSplit } from '../../domain/shipments.js';
import { trackingUrl } from '../../lib/carriers.js';
import type { OrderRecord, ShipmentRecord } from '../../store/store.js';

/** A shipment as buyer and admin see it: its lines by name, the carrier's tracking link. */
export function shipmentWire(record: OrderRecord, shipment: ShipmentRecord): Shipment {
  const url = trackingUrl(shipment.carrier, shipment.trackingNumber);
  return {
    _id: shipment._id,
    lines: shipment.lines.map((line) => ({
      toolId: line.toolId,
      name: record.items.find((item) => item.toolId === line.toolId)?.name ?? '',
      quantity: line.quantity,
    })),
    ...(shipment.carrier !== undefined && { carrier: shipment.carrier }),
    ...(shipment.trackingNumber !== undefined && { trackingNumber: shipment.trackingNumber }),
    ...(url !== undefined && { trackingUrl: url }),
    shippedAt: shipment.shippedAt,
    ...(shipment.deliveredAt !== undefined && { deliveredAt: shipment.deliveredAt }),
  };
}

/**
 * The order's shipments, each line's shipped units, and what is still to ship (`toShip`) while
 * it can still ship and part of it has left or waits for a batch or the lead time.
 */
export function shipmentFields(record: OrderRecord): {
  shipments?: Order['shipments'];
  toShip?: Order['toShip'];
  shipped?: number[];
} {
  const shipments = record.shipments ?? [];
  const progress = lineProgress(record.items, shipments);
  const split = shipmentSplit(progress);
  const showSplit =
    SHIPPABLE_STATUSES.includes(record.status) &&
    (shipments.length > 0 || split.later.length > 0) &&
    (split.now > 0 || split.later.length > 0);
  return {
    ...(shipments.length > 0 && {
      shipments: shipments.map((s) => shipmentWire(record, s)),
      shipped: progress.map((line) => line.shipped),
    }),
    ...(showSplit && { toShip: split }),
  };
}
