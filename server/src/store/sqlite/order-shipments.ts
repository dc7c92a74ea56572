import type Database from 'better-sqlite3';
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
import { newObjectId } from '../object-id.js';
import type { OrderRecord, OrdersRepo, ShipmentRecord, ShipResult, ToolRecord } from '../store.js';
import { jsonRowToToolRecord } from './tools-repo.js';
import { TOOL_JSON_ROW } from './tool-list-sql.js';
import { orderReader, sqlStatuses, type OrderRow } from './order-rows.js';

type ShipmentMethods = Pick<
  OrdersRepo,
  'recordShipment' | 'markShipmentsDelivered' | 'listReadyToShip' | 'receiveBatch'
>;

/** How many of the oldest shippable orders "Ready to ship" looks through. */
const READY_SCAN = 2000;

/**
 * Shipments, deliveries per shipment and receiving a batch (issue 53): each one IMMEDIATE
 * transaction that reads the order (or the tool and its holding lines), asks the domain, and
 * writes the answer, so racing admins never ship a unit twice or serve a promise twice.
 */
export function sqliteOrderShipments(db: Database.Database): ShipmentMethods {
  const reader = orderReader(db);
  const toolJson = db.prepare(`SELECT ${TOOL_JSON_ROW} FROM tools t WHERE t.id = ?`).pluck();
  const toolById = (id: string): ToolRecord | null => {
    const row = toolJson.get(id) as string | undefined;
    return row === undefined ? null : jsonRowToToolRecord(row);
  };
  const getOne = db.prepare('SELECT * FROM orders WHERE id = ?');
  const insertShipment = db.prepare(`INSERT INTO shipments
    (id, order_id, lines, carrier, tracking_number, shipped_at, idempotency_key, request_fingerprint)
    VALUES (@id, @orderId, @lines, @carrier, @trackingNumber, @now, @key, @fingerprint)`);
  const setStatus = db.prepare('UPDATE orders SET status = ? WHERE id = ?');
  const setShipped = db.prepare(`UPDATE orders SET status = 'shipped', shipped_at = @now,
    carrier = @carrier, tracking_number = @trackingNumber WHERE id = @id`);
  const deliverOne = db.prepare(`UPDATE shipments SET delivered_at = ?
    WHERE order_id = ? AND id = ? AND delivered_at IS NULL`);
  const deliverAll = db.prepare(
    'UPDATE shipments SET delivered_at = ? WHERE order_id = ? AND delivered_at IS NULL',
  );
  const setDelivered = db.prepare(`UPDATE orders SET status = 'delivered', delivered_at = ?
    WHERE id = ? AND status = 'shipped'`);
  const shippable = db.prepare(`SELECT * FROM orders
    WHERE status IN ${sqlStatuses(SHIPPABLE_STATUSES)} ORDER BY created_at, number LIMIT ?`);
  const holdingLines = db.prepare(`SELECT l.order_id, l.line_no, l.allocations
    FROM order_lines l JOIN orders o ON o.id = l.order_id
    WHERE l.tool_id = ? AND l.allocations IS NOT NULL
      AND o.status IN ${sqlStatuses(HOLDING_STATUSES)}
    ORDER BY o.created_at, o.number, l.line_no`);
  const setAllocations = db.prepare(
    'UPDATE order_lines SET allocations = ? WHERE order_id = ? AND line_no = ?',
  );
  const setTool = db.prepare(`UPDATE tools SET incoming_stock = ?,
    available_quantity = available_quantity + ? WHERE id = ?`);

  const getSync = (id: string): OrderRecord | null => {
    const row = getOne.get(id) as OrderRow | undefined;
    return row ? reader.one(row) : null;
  };

  const shipTx = db.transaction(
    (id: string, input: Parameters<ShipmentMethods['recordShipment']>[1]) => {
      const order = getSync(id);
      if (!order) return null;
      const shipments = order.shipments ?? [];
      const repeat = repeatedShipment(order, shipments, input.idempotency);
      if (repeat) return repeat;
      if (!SHIPPABLE_STATUSES.includes(order.status)) return { outcome: 'REFUSED', order } as const;
      const progress = lineProgress(order.items, shipments);
      if (input.whole) {
        const waiting = progress.reduce(
          (sum, line) => sum + line.waiting.reduce((s, w) => s + w.quantity, 0),
          0,
        );
        if (waiting > 0) {
          const readyNow = progress.reduce((sum, line) => sum + line.readyNow, 0);
          return { outcome: 'WAITING', order, readyNow, waiting } as const;
        }
      }
      const plan = planShipment(progress, input.whole ? undefined : input.lines);
      if (!plan.ok) return { outcome: 'NOT_SHIPPABLE', order, plan } as const;
      const shipment: ShipmentRecord = {
        _id: newObjectId(Date.parse(input.now)),
        lines: plan.lines,
        ...(input.carrier && { carrier: input.carrier }),
        ...(input.trackingNumber && { trackingNumber: input.trackingNumber }),
        shippedAt: input.now,
      };
      insertShipment.run({
        key: input.idempotency?.key ?? null,
        fingerprint: input.idempotency?.fingerprint ?? null,
        id: shipment._id,
        orderId: id,
        lines: JSON.stringify(plan.lines),
        carrier: shipment.carrier ?? null,
        trackingNumber: shipment.trackingNumber ?? null,
        now: input.now,
      });
      const status = statusAfterShipment(order.items, [...shipments, shipment]);
      if (status === 'shipped')
        setShipped.run({
          id,
          now: input.now,
          carrier: shipment.carrier ?? null,
          trackingNumber: shipment.trackingNumber ?? null,
        });
      else setStatus.run(status, id);
      return { outcome: 'SHIPPED', order: getSync(id) as OrderRecord, shipment } as const;
    },
  );

  const deliverTx = db.transaction((id: string, shipmentId: string | null, now: string) => {
    const order = getSync(id);
    if (!order) return null;
    const shipments = order.shipments ?? [];
    if (shipmentId !== null && !shipments.some((s) => s._id === shipmentId)) return null;
    if (order.status === 'delivered') return { outcome: 'ALREADY', order } as const;
    if (order.status !== 'shipped' && order.status !== 'partly_shipped')
      return { outcome: 'REFUSED', order } as const;
    const changed =
      shipmentId === null
        ? deliverAll.run(now, id).changes
        : deliverOne.run(now, id, shipmentId).changes;
    const after = getSync(id) as OrderRecord;
    // A shipped order from before shipments (no rows in Mongo) is delivered as a whole.
    if (
      after.status === 'shipped' &&
      (shipments.length === 0 || allDelivered('shipped', after.shipments ?? []))
    )
      setDelivered.run(now, id);
    const final = getSync(id) as OrderRecord;
    const done = changed > 0 || final.status !== order.status;
    return { outcome: done ? 'DELIVERED' : 'ALREADY', order: final } as const;
  });

  const receiveTx = db.transaction(
    (toolId: string, input: Parameters<ShipmentMethods['receiveBatch']>[1]) => {
      const tool = toolById(toolId);
      if (!tool) return { ok: false, reason: 'NOT_FOUND' } as const;
      const holders: Holder[] = (
        holdingLines.all(toolId) as { order_id: string; line_no: number; allocations: string }[]
      ).map((row) => ({
        orderId: row.order_id,
        lineNo: row.line_no,
        allocations: JSON.parse(row.allocations) as Holder['allocations'],
      }));
      const receipt = receiveBatch({
        batches: tool.incomingStock,
        leadTimeDays: tool.leadTimeDays,
        expectedDate: input.expectedDate,
        received: input.quantity,
        holders,
        today: dayOf(new Date(input.now)),
      });
      if (!receipt.ok) return receipt;
      for (const line of receipt.lines)
        setAllocations.run(JSON.stringify(line.allocations), line.orderId, line.lineNo);
      setTool.run(JSON.stringify(receipt.incomingStock), receipt.stockAdded, toolId);
      return {
        ok: true,
        tool: toolById(toolId) as ToolRecord,
        served: receipt.served,
        stockAdded: receipt.stockAdded,
        moves: receipt.moves,
      } as const;
    },
  );

  return {
    async recordShipment(id, input): Promise<ShipResult | null> {
      return shipTx.immediate(id, input);
    },
    async markShipmentsDelivered(id, shipmentId, now) {
      return deliverTx.immediate(id, shipmentId, now);
    },
    async listReadyToShip(limit) {
      const orders = reader.many(shippable.all(READY_SCAN) as OrderRow[]);
      return orders
        .filter((order) =>
          lineProgress(order.items, order.shipments ?? []).some((line) => line.readyNow > 0),
        )
        .slice(0, limit);
    },
    async receiveBatch(toolId, input) {
      return receiveTx.immediate(toolId, input);
    },
  };
}
