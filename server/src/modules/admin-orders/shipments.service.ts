import type { AdminOrder } from '@toolworks/contract/admin-orders';
import type { BatchReceipt } from '@toolworks/contract/shipments';
import { dayOf } from '@toolworks/contract/availability';
import { formatCount } from '@toolworks/contract/format';
import { lineProgress, shipmentSplit, type ShipmentPlan } from '../../domain/shipments.js';
import { AppError } from '../../lib/app-error.js';
import type { Logger } from '../../lib/logger.js';
import type { Id, OrderRecord, ShipmentLine, ShipmentRecord, Store } from '../../store/store.js';
import { idempotencyClaim, keyReused, type OrderNotifier } from '../orders/index.js';
import { toAdminOrderWire } from './admin-orders.service.js';

export interface ShipmentsDeps {
  store: Pick<Store, 'orders'>;
  logger: Logger;
  now: () => Date;
  notifier?: OrderNotifier;
}

/** "Ready to ship" lists at most this many orders, oldest first. */
export const READY_TO_SHIP_MAX = 100;

const units = (n: number) => `${formatCount(n)} unit${n === 1 ? '' : 's'}`;

/** What a refused shipment says: how many can go now, and why not more. */
function refusal(order: OrderRecord, plan: Exclude<ShipmentPlan, { ok: true }>): AppError {
  if (plan.reason === 'NOT_IN_ORDER')
    return AppError.badRequest('That tool is not a line of this order', { toolId: plan.toolId });
  if (plan.reason === 'NOTHING_TO_SHIP')
    return new AppError(
      'OUT_OF_STOCK',
      'Nothing of this order can ship now: what has not shipped waits for its incoming batch or lead time.',
      409,
      { readyNow: 0 },
    );
  const name = order.items.find((line) => line.toolId === plan.toolId)?.name ?? 'this tool';
  return new AppError(
    'OUT_OF_STOCK',
    `Only ${units(plan.lineReadyNow)} of ${name} can ship now (asked ${formatCount(plan.requested)}); the rest is not in stock yet.`,
    409,
    { toolId: plan.toolId, readyNow: plan.lineReadyNow, orderReadyNow: plan.readyNow },
  );
}

/**
 * Partial shipments (issue 53): ship what is on hand, deliver per shipment, list what is ready to
 * ship, receive a batch. The store decides each in one transaction; the emails (one per shipment,
 * one per buyer whose date moved) are queued after it commits.
 */
export function createShipmentsService(deps: ShipmentsDeps) {
  const { store, notifier } = deps;
  const nowIso = () => deps.now().toISOString();

  /** The buyer's email about this shipment: its lines, tracking and what is still to come. */
  const emailShipment = async (order: OrderRecord, shipment: ShipmentRecord) => {
    const split = shipmentSplit(lineProgress(order.items, order.shipments ?? []));
    const today = dayOf(deps.now());
    const toCome = [
      ...(split.now > 0 ? [{ quantity: split.now, shipDate: today }] : []),
      ...split.later,
    ];
    await notifier?.notifyById('shipped', order._id, {
      ...(shipment.carrier && { carrier: shipment.carrier }),
      ...(shipment.trackingNumber && { trackingNumber: shipment.trackingNumber }),
      shipmentId: shipment._id,
      shipmentLines: shipment.lines.map((line) => ({
        name: order.items.find((item) => item.toolId === line.toolId)?.name ?? '',
        quantity: line.quantity,
      })),
      ...(toCome.length && { toCome }),
    });
  };

  return {
    emailShipment,

    /**
     * Ships `input` now. With an Idempotency-Key, a retry of the same request (a double click, a
     * lost answer) answers the order as that shipment left it and ships nothing more.
     */
    async ship(
      id: Id,
      input: { lines?: ShipmentLine[]; carrier?: string; trackingNumber?: string },
      idempotencyKey?: string,
    ): Promise<AdminOrder> {
      const claim = idempotencyClaim(idempotencyKey, 'shipment', { id, input });
      const result = await store.orders.recordShipment(id, {
        ...input,
        now: nowIso(),
        ...(claim && { idempotency: claim }),
      });
      if (!result) throw AppError.notFound('Order not found');
      if (result.outcome === 'KEY_REUSED') throw keyReused();
      if (result.outcome === 'REPLAYED') return toAdminOrderWire(result.order);
      if (result.outcome === 'REFUSED')
        throw AppError.conflict(
          `Only a paid or confirmed order can be shipped; this one is ${result.order.status.replace('_', ' ')}`,
        );
      if (result.outcome === 'NOT_SHIPPABLE') throw refusal(result.order, result.plan);
      if (result.outcome === 'WAITING') throw AppError.conflict('Ship it in parts');
      await emailShipment(result.order, result.shipment);
      return toAdminOrderWire(result.order);
    },

    async deliver(id: Id, shipmentId: Id | null): Promise<AdminOrder> {
      const result = await store.orders.markShipmentsDelivered(id, shipmentId, nowIso());
      if (!result) throw AppError.notFound(shipmentId ? 'Shipment not found' : 'Order not found');
      if (result.outcome === 'REFUSED')
        throw AppError.conflict(
          `Only a shipped order can be marked delivered; this one is ${result.order.status.replace('_', ' ')}`,
        );
      return toAdminOrderWire(result.order);
    },

    async readyToShip(): Promise<AdminOrder[]> {
      return (await store.orders.listReadyToShip(READY_TO_SHIP_MAX)).map(toAdminOrderWire);
    },

    async receiveBatch(
      toolId: Id,
      input: { expectedDate: string; quantity: number },
    ): Promise<BatchReceipt> {
      const now = nowIso();
      const result = await store.orders.receiveBatch(toolId, { ...input, now });
      if (!result.ok && result.reason === 'NOT_FOUND') throw AppError.notFound('Tool not found');
      if (!result.ok)
        throw AppError.notFound(
          `No incoming batch of this tool is expected on ${input.expectedDate}`,
        );
      const byOrder = new Map<string, { quantity: number; from: string; to: string }[]>();
      for (const move of result.moves)
        byOrder.set(move.orderId, [
          ...(byOrder.get(move.orderId) ?? []),
          { quantity: move.quantity, from: move.from, to: move.to },
        ]);
      for (const [orderId, moved] of byOrder)
        await notifier?.notifyById('date-moved', orderId, {
          moved,
          receiptKey: `${toolId}:${input.expectedDate}:${now}`,
        });
      return {
        availableQuantity: result.tool.availableQuantity,
        served: result.served,
        stockAdded: result.stockAdded,
        moved: result.moves,
      };
    },
  };
}
