import { ObjectId, type Collection, type MongoClient } from 'mongodb';
import { dayOf } from '@toolworks/contract/availability';
import { HOLDING_STATUSES, SHIPPABLE_STATUSES } from '../../domain/order-status.js';
import {
  allDelivered,
  lineProgress,
  planShipment,
  statusAfterShipment,
} from '../../domain/shipments.js';
import { receiveBatch, type Holder } from '../../domain/batch-receipt.js';
import { repeatedShipment } from '../repeated-shipment.js';
import type { OrdersRepo, ShipmentRecord } from '../store.js';
import { toObjectId } from './ids.js';
import { toOrderRecord, type OrderDoc, type ShipmentDoc } from './order-docs.js';
import { inTransaction } from './transactions.js';
import { toToolRecord, type ToolDoc } from './tools-repo.js';

type ShipmentMethods = Pick<
  OrdersRepo,
  'recordShipment' | 'markShipmentsDelivered' | 'listReadyToShip' | 'receiveBatch'
>;

const READY_SCAN = 2000;

/**
 * Shipments (issue 53), embedded in the order document. Each change runs in a transaction that
 * reads the order (or the tool and the orders holding its promises) and writes it back: two
 * racing shipments of one order write the same document, so MongoDB aborts one with a write
 * conflict and the driver retries it against what the other wrote.
 */
export function mongoOrderShipments(
  client: MongoClient,
  orders: Collection<OrderDoc>,
  tools: Collection<ToolDoc>,
): ShipmentMethods {
  return {
    async recordShipment(id, input) {
      const _id = toObjectId(id);
      if (!_id) return null;
      return inTransaction(client, async (session) => {
        const doc = await orders.findOne({ _id }, { session });
        if (!doc) return null;
        const order = toOrderRecord(doc);
        const shipments = order.shipments ?? [];
        const repeat = repeatedShipment(order, shipments, input.idempotency);
        if (repeat) return repeat;
        if (!SHIPPABLE_STATUSES.includes(order.status))
          return { outcome: 'REFUSED', order } as const;
        const progress = lineProgress(order.items, shipments);
        if (input.whole) {
          const waiting = progress.flatMap((l) => l.waiting).reduce((s, w) => s + w.quantity, 0);
          if (waiting > 0) {
            const readyNow = progress.reduce((sum, line) => sum + line.readyNow, 0);
            return { outcome: 'WAITING', order, readyNow, waiting } as const;
          }
        }
        const plan = planShipment(progress, input.whole ? undefined : input.lines);
        if (!plan.ok) return { outcome: 'NOT_SHIPPABLE', order, plan } as const;
        const shipmentDoc: ShipmentDoc = {
          _id: new ObjectId(),
          lines: plan.lines,
          ...(input.carrier && { carrier: input.carrier }),
          ...(input.trackingNumber && { trackingNumber: input.trackingNumber }),
          shippedAt: new Date(input.now),
          ...(input.idempotency && {
            idempotency: { key: input.idempotency.key, fingerprint: input.idempotency.fingerprint },
          }),
        };
        const shipment: ShipmentRecord = {
          _id: shipmentDoc._id.toHexString(),
          lines: plan.lines,
          ...(input.carrier && { carrier: input.carrier }),
          ...(input.trackingNumber && { trackingNumber: input.trackingNumber }),
          shippedAt: input.now,
        };
        const status = statusAfterShipment(order.items, [...shipments, shipment]);
        const after = await orders.findOneAndUpdate(
          { _id, status: order.status },
          {
            $push: { shipments: shipmentDoc },
            $set: {
              status,
              ...(status === 'shipped' && {
                shippedAt: new Date(input.now),
                ...(input.carrier && { carrier: input.carrier }),
                ...(input.trackingNumber && { trackingNumber: input.trackingNumber }),
              }),
            },
          },
          { session, returnDocument: 'after' },
        );
        if (!after) throw new Error('the order changed during its shipment');
        return { outcome: 'SHIPPED', order: toOrderRecord(after), shipment } as const;
      });
    },

    async markShipmentsDelivered(id, shipmentId, now) {
      const _id = toObjectId(id);
      if (!_id) return null;
      return inTransaction(client, async (session) => {
        const doc = await orders.findOne({ _id }, { session });
        if (!doc) return null;
        const order = toOrderRecord(doc);
        const shipments = doc.shipments ?? [];
        if (shipmentId !== null && !shipments.some((s) => s._id.toHexString() === shipmentId))
          return null;
        if (order.status === 'delivered') return { outcome: 'ALREADY', order } as const;
        if (order.status !== 'shipped' && order.status !== 'partly_shipped')
          return { outcome: 'REFUSED', order } as const;
        const at = new Date(now);
        let changed = 0;
        const next = shipments.map((s) => {
          if (s.deliveredAt || (shipmentId !== null && s._id.toHexString() !== shipmentId))
            return s;
          changed++;
          return { ...s, deliveredAt: at };
        });
        const delivered =
          order.status === 'shipped' &&
          (shipments.length === 0 ||
            allDelivered(
              'shipped',
              next.map((s) => ({ deliveredAt: s.deliveredAt?.toISOString() })),
            ));
        const after = await orders.findOneAndUpdate(
          { _id },
          {
            $set: {
              shipments: next,
              ...(delivered && { status: 'delivered', deliveredAt: at }),
            },
          },
          { session, returnDocument: 'after' },
        );
        const final = toOrderRecord(after as OrderDoc);
        return {
          outcome: changed > 0 || delivered ? 'DELIVERED' : 'ALREADY',
          order: final,
        } as const;
      });
    },

    async listReadyToShip(limit) {
      const docs = await orders
        .find({ status: { $in: [...SHIPPABLE_STATUSES] } })
        .sort({ createdAt: 1, number: 1 })
        .limit(READY_SCAN)
        .toArray();
      return docs
        .map(toOrderRecord)
        .filter((order) =>
          lineProgress(order.items, order.shipments ?? []).some((line) => line.readyNow > 0),
        )
        .slice(0, limit);
    },

    async receiveBatch(toolId, input) {
      const _id = toObjectId(toolId);
      if (!_id) return { ok: false, reason: 'NOT_FOUND' };
      return inTransaction(client, async (session) => {
        const tool = await tools.findOne({ _id }, { session });
        if (!tool) return { ok: false, reason: 'NOT_FOUND' } as const;
        const record = toToolRecord(tool);
        const holding = await orders
          .find(
            { status: { $in: [...HOLDING_STATUSES] }, 'items.toolId': _id },
            { session, sort: { createdAt: 1, number: 1 } },
          )
          .toArray();
        const holders: Holder[] = holding.flatMap((doc) =>
          doc.items.flatMap((line, lineNo) =>
            line.toolId.equals(_id) && line.allocations
              ? [{ orderId: doc._id.toHexString(), lineNo, allocations: line.allocations }]
              : [],
          ),
        );
        const receipt = receiveBatch({
          batches: record.incomingStock,
          leadTimeDays: record.leadTimeDays,
          expectedDate: input.expectedDate,
          received: input.quantity,
          holders,
          today: dayOf(new Date(input.now)),
        });
        if (!receipt.ok) return receipt;
        for (const line of receipt.lines)
          await orders.updateOne(
            { _id: new ObjectId(line.orderId) },
            { $set: { [`items.${line.lineNo}.allocations`]: line.allocations } },
            { session },
          );
        const after = await tools.findOneAndUpdate(
          { _id },
          {
            $set: { incomingStock: receipt.incomingStock },
            $inc: { availableQuantity: receipt.stockAdded },
          },
          { session, returnDocument: 'after' },
        );
        return {
          ok: true,
          tool: toToolRecord(after as ToolDoc),
          served: receipt.served,
          stockAdded: receipt.stockAdded,
          moves: receipt.moves,
        } as const;
      });
    },
  };
}
