import type Database from 'better-sqlite3';
import { checkRefund, refundedQuantities } from '../../domain/refunds.js';
import { newObjectId } from '../object-id.js';
import type {
  NewRefund,
  OrderRecord,
  RecordRefundResult,
  RefundRecord,
  RefundsRepo,
} from '../store.js';
import { orderReader, type OrderRow } from './order-rows.js';
import { reviewVerification } from './review-verification.js';
import { sqliteStockMoves } from './stock-moves.js';

interface RefundRow {
  id: string;
  order_id: string;
  amount_cents: number;
  method: RefundRecord['method'];
  reason: string | null;
  lines: string;
  restock: string;
  gateway_refund_id: string | null;
  reference: string | null;
  idempotency_key: string | null;
  fingerprint: string | null;
  return_id: string | null;
  created_at: string;
  created_by: string;
}

const toRefund = (row: RefundRow): RefundRecord => ({
  _id: row.id,
  orderId: row.order_id,
  amountCents: row.amount_cents,
  method: row.method,
  ...(row.reason !== null && { reason: row.reason }),
  lines: JSON.parse(row.lines) as RefundRecord['lines'],
  restock: JSON.parse(row.restock) as RefundRecord['restock'],
  ...(row.gateway_refund_id !== null && { gatewayRefundId: row.gateway_refund_id }),
  ...(row.reference !== null && { reference: row.reference }),
  ...(row.return_id !== null && { returnId: row.return_id }),
  createdAt: row.created_at,
  createdBy: row.created_by,
});

/** The refund rows' statements, shared with the whole-order refund (order-fulfilment.ts). */
export function refundRows(db: Database.Database) {
  const byOrder = db.prepare('SELECT * FROM refunds WHERE order_id = ? ORDER BY created_at, id');
  const insert = db.prepare(`INSERT INTO refunds (id, order_id, amount_cents, method, reason,
    lines, restock, gateway_refund_id, reference, idempotency_key, fingerprint, return_id,
    created_at, created_by) VALUES (@id, @order_id, @amount_cents, @method, @reason, @lines,
    @restock, @gateway_refund_id, @reference, @idempotency_key, @fingerprint, @return_id,
    @created_at, @created_by)`);
  return {
    list: (orderId: string) => (byOrder.all(orderId) as RefundRow[]).map(toRefund),
    insert(refund: NewRefund, id = newObjectId(new Date(refund.now).getTime())): RefundRecord {
      const row: RefundRow = {
        id,
        order_id: refund.orderId,
        amount_cents: refund.amountCents,
        method: refund.method,
        reason: refund.reason ?? null,
        lines: JSON.stringify(refund.lines),
        restock: JSON.stringify(refund.restock),
        gateway_refund_id: refund.gatewayRefundId ?? null,
        reference: refund.reference ?? null,
        idempotency_key: refund.idempotency?.key ?? null,
        fingerprint: refund.idempotency?.fingerprint ?? null,
        return_id: refund.returnId ?? null,
        created_at: refund.now,
        created_by: refund.by,
      };
      insert.run(row);
      return toRefund(row);
    },
  };
}

/**
 * Refunds and credits: the checks, the row, the restock and (when all is given back) the order's
 * move to `refunded`, in one IMMEDIATE transaction, so two admins refunding at once (or an admin
 * and Stripe's webhook) can never give back more than was paid.
 */
export function sqliteRefundsRepo(db: Database.Database): RefundsRepo {
  const rows = refundRows(db);
  const reader = orderReader(db);
  const stock = sqliteStockMoves(db);
  const verifyReviews = reviewVerification(db);
  const getOrder = db.prepare('SELECT * FROM orders WHERE id = ?');
  const byGateway = db.prepare('SELECT * FROM refunds WHERE gateway_refund_id = ?');
  const byKey = db.prepare('SELECT * FROM refunds WHERE order_id = ? AND idempotency_key = ?');
  const inPeriod = db.prepare(
    'SELECT * FROM refunds WHERE created_at >= ? AND created_at < ? ORDER BY created_at, id',
  );
  const markRefunded = db.prepare(`UPDATE orders SET status = 'refunded', refunded_at = @now,
    refund_id = @refundId, refund_reason = @reason, refund_restocked = @restocked
    WHERE id = @id AND status = @from`);

  const orderOf = (id: string): OrderRecord | null => {
    const row = getOrder.get(id) as OrderRow | undefined;
    return row ? reader.one(row) : null;
  };

  const record = db.transaction((refund: NewRefund): RecordRefundResult | null => {
    const order = orderOf(refund.orderId);
    if (!order) return null;
    const seen = refund.gatewayRefundId
      ? (byGateway.get(refund.gatewayRefundId) as RefundRow | undefined)
      : undefined;
    if (seen) return { outcome: 'ALREADY', refund: toRefund(seen), order };
    if (refund.idempotency) {
      const earlier = byKey.get(refund.orderId, refund.idempotency.key) as RefundRow | undefined;
      if (earlier)
        return earlier.fingerprint === refund.idempotency.fingerprint
          ? { outcome: 'ALREADY', refund: toRefund(earlier), order }
          : { outcome: 'KEY_REUSED' };
    }
    const before = rows.list(refund.orderId);
    const refundedCents = before.reduce((sum, r) => sum + r.amountCents, 0);
    const check = checkRefund({
      baseCents: refund.baseCents,
      refundedCents,
      amountCents: refund.amountCents,
      orderLines: order.items,
      refundedLines: refundedQuantities(before),
      lines: refund.lines,
    });
    if (!check.ok)
      return 'toolId' in check
        ? { outcome: 'OVER_LINES', toolId: check.toolId, leftQuantity: check.leftQuantity }
        : { outcome: 'OVER_AMOUNT', leftCents: check.leftCents };
    const written = rows.insert(refund);
    for (const line of refund.restock) stock.give(line);
    if (refundedCents + refund.amountCents === refund.baseCents && order.status !== 'refunded') {
      markRefunded.run({
        id: order._id,
        from: order.status,
        now: refund.now,
        refundId: refund.gatewayRefundId ?? written._id,
        reason: refund.reason ?? null,
        restocked: refund.restock.length > 0 ? 1 : 0,
      });
      verifyReviews(
        order.userEmail,
        order.items.map((line) => line.toolId),
      );
    }
    return { outcome: 'RECORDED', refund: written, order: orderOf(order._id)! };
  });

  return {
    async record(refund) {
      return record.immediate(refund);
    },
    async listByOrder(orderId) {
      return rows.list(orderId);
    },
    async between(from, to) {
      return (inPeriod.all(from, to) as RefundRow[]).map(toRefund);
    },
    async byIdempotencyKey(orderId, key) {
      const row = byKey.get(orderId, key) as RefundRow | undefined;
      return row ? { refund: toRefund(row), fingerprint: row.fingerprint ?? '' } : null;
    },
    async byGatewayId(id) {
      const row = byGateway.get(id) as RefundRow | undefined;
      return row ? toRefund(row) : null;
    },
  };
}
