import type { IdempotencyClaim } from '../domain/repeat-requests.js';
import type { OrderRecord, ShipmentRecord, ShipResult } from './store.js';

/**
 * A shipment asked again with an Idempotency-Key one of the order's shipments was recorded with:
 * the same request (its fingerprint) answers that shipment, REPLAYED, and ships nothing more; a
 * different one is KEY_REUSED. Both adapters ask it inside the shipment's transaction.
 */
export function repeatedShipment(
  order: OrderRecord,
  shipments: ShipmentRecord[],
  claim: IdempotencyClaim | undefined,
): Extract<ShipResult, { outcome: 'REPLAYED' | 'KEY_REUSED' }> | null {
  if (!claim) return null;
  const earlier = shipments.find((shipment) => shipment.idempotency?.key === claim.key);
  if (!earlier) return null;
  return earlier.idempotency?.fingerprint === claim.fingerprint
    ? { outcome: 'REPLAYED', order, shipment: earlier }
    : { outcome: 'KEY_REUSED', order };
}
