import type { ClientSession, Collection, MongoClient, ObjectId } from 'mongodb';
import { checkRefund, refundedQuantities } from '../../domain/refunds.js';
import { newObjectId } from '../object-id.js';
import type { NewRefund, RecordRefundResult, RefundRecord, RefundsRepo } from '../store.js';
import { toObjectId } from './ids.js';
import { toOrderRecord, type OrderDoc } from './order-docs.js';
import { mongoStockMoves } from './stock-moves.js';
import type { ToolDoc } from './tools-repo.js';
import { inTransaction } from './transactions.js';

export interface RefundDoc extends Omit<RefundRecord, '_id'> {
  _id: string;
  idempotencyKey?: string;
  fingerprint?: string;
}

const toRefund = ({ idempotencyKey: _k, fingerprint: _f, ...doc }: RefundDoc): RefundRecord => doc;

/** A refund's document, as both the partial and the whole-order refund write it. */
export function refundDoc(refund: NewRefund): RefundDoc {
  return {
    _id: newObjectId(new Date(refund.now).getTime()),
    orderId: refund.orderId,
    amountCents: refund.amountCents,
    method: refund.method,
    ...(refund.reason !== undefined && { reason: refund.reason }),
    lines: refund.lines,
    restock: refund.restock,
    ...(refund.gatewayRefundId !== undefined && { gatewayRefundId: refund.gatewayRefundId }),
    ...(refund.reference !== undefined && { reference: refund.reference }),
    ...(refund.idempotency && {
      idempotencyKey: refund.idempotency.key,
      fingerprint: refund.idempotency.fingerprint,
    }),
    ...(refund.returnId !== undefined && { returnId: refund.returnId }),
    createdAt: refund.now,
    createdBy: refund.by,
  };
}

/**
 * As SQLite's: checks, the refund, the restock and the order's move to `refunded` in one
 * transaction. The order's document is written (`refundsAt`) by every refund, so two refunds of
 * one order at once conflict and one retries, seeing the other's.
 */
export function mongoRefundsRepo(
  client: MongoClient,
  refunds: Collection<RefundDoc>,
  orders: Collection<OrderDoc>,
  tools: Collection<ToolDoc>,
  verifyReviews: (email: string, toolIds: ObjectId[], session: ClientSession) => Promise<void>,
): RefundsRepo {
  const stock = mongoStockMoves(tools);
  return {
    async record(refund) {
      const _id = toObjectId(refund.orderId);
      if (!_id) return null;
      return inTransaction(client, async (session): Promise<RecordRefundResult | null> => {
        const doc = await orders.findOneAndUpdate(
          { _id },
          { $set: { refundsAt: new Date(refund.now) } },
          { session, returnDocument: 'after' },
        );
        if (!doc) return null;
        const order = toOrderRecord(doc);
        const seen = refund.gatewayRefundId
          ? await refunds.findOne({ gatewayRefundId: refund.gatewayRefundId }, { session })
          : null;
        if (seen) return { outcome: 'ALREADY', refund: toRefund(seen), order };
        if (refund.idempotency) {
          const earlier = await refunds.findOne(
            { orderId: refund.orderId, idempotencyKey: refund.idempotency.key },
            { session },
          );
          if (earlier)
            return earlier.fingerprint === refund.idempotency.fingerprint
              ? { outcome: 'ALREADY', refund: toRefund(earlier), order }
              : { outcome: 'KEY_REUSED' };
        }
        const before = await refunds.find({ orderId: refund.orderId }, { session }).toArray();
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
        const written = refundDoc(refund);
        await refunds.insertOne(written, { session });
        if (refund.method === 'credit')
          await client
            .db(orders.dbName)
            .collection<{ _id: string; creditedCents?: number }>('invoices')
            .updateOne(
              { _id: refund.orderId },
              { $inc: { creditedCents: refund.amountCents } },
              {
                session,
              },
            );
        for (const line of refund.restock) {
          const toolId = toObjectId(line.toolId);
          if (toolId) await stock.give({ toolId, quantity: line.quantity }, session);
        }
        if (refundedCents + refund.amountCents === refund.baseCents && doc.status !== 'refunded') {
          await orders.updateOne(
            { _id, status: doc.status },
            {
              $set: {
                status: 'refunded',
                refundedAt: new Date(refund.now),
                refundId: refund.gatewayRefundId ?? written._id,
                ...(refund.reason !== undefined && { refundReason: refund.reason }),
                refundRestocked: refund.restock.length > 0,
              },
            },
            { session },
          );
          await verifyReviews(
            doc.userEmail,
            doc.items.map((line) => line.toolId),
            session,
          );
        }
        const after = await orders.findOne({ _id }, { session });
        return { outcome: 'RECORDED', refund: toRefund(written), order: toOrderRecord(after!) };
      });
    },
    async listByOrder(orderId) {
      return (await refunds.find({ orderId }).sort({ createdAt: 1, _id: 1 }).toArray()).map(
        toRefund,
      );
    },
    async between(from, to) {
      return (
        await refunds
          .find({ createdAt: { $gte: from, $lt: to } })
          .sort({ createdAt: 1, _id: 1 })
          .toArray()
      ).map(toRefund);
    },
    async byIdempotencyKey(orderId, key) {
      const doc = await refunds.findOne({ orderId, idempotencyKey: key });
      return doc ? { refund: toRefund(doc), fingerprint: doc.fingerprint ?? '' } : null;
    },
    async byGatewayId(id) {
      const doc = await refunds.findOne({ gatewayRefundId: id });
      return doc ? toRefund(doc) : null;
    },
  };
}
