import type { ClientSession, Collection, MongoClient, ObjectId } from 'mongodb';
import { KEPT_STATUSES } from '../../domain/order-status.js';
import { unshippedLines, unshippedQuantities } from '../../domain/shipments.js';
import type { OrdersRepo } from '../store.js';
import { toObjectId } from './ids.js';
import { toOrderRecord, type OrderDoc } from './order-docs.js';
import { inTransaction } from './transactions.js';
import type { ToolDoc } from './tools-repo.js';
import { mongoStockMoves } from './stock-moves.js';
import { refundDoc, type RefundDoc } from './refunds-repo.js';

type FulfilmentMethods = Pick<OrdersRepo, 'markDelivered' | 'markRefunded'>;

/**
 * Shipping, delivery and refunds: each change is one findOneAndUpdate on the order with the
 * status it starts from in the filter, so racing admins (or an admin and Stripe's webhook)
 * change an order once. A refund before shipping returns the stock with `$inc` in the same
 * transaction as the order's update.
 */
export function mongoOrderFulfilment(
  client: MongoClient,
  orders: Collection<OrderDoc>,
  tools: Collection<ToolDoc>,
  verifyReviews: (email: string, toolIds: ObjectId[], session: ClientSession) => Promise<void>,
): FulfilmentMethods {
  const stock = mongoStockMoves(tools);
  const current = async (_id: NonNullable<ReturnType<typeof toObjectId>>) => {
    const doc = await orders.findOne({ _id });
    return doc ? toOrderRecord(doc) : null;
  };

  return {
    async markDelivered(id, now) {
      const _id = toObjectId(id);
      if (!_id) return null;
      const delivered = await orders.findOneAndUpdate(
        { _id, status: 'shipped' },
        { $set: { status: 'delivered', deliveredAt: new Date(now) } },
        { returnDocument: 'after' },
      );
      if (delivered) return { outcome: 'DELIVERED', order: toOrderRecord(delivered) };
      const order = await current(_id);
      if (!order) return null;
      return { outcome: order.status === 'delivered' ? 'ALREADY' : 'REFUSED', order };
    },

    async markRefunded(id, input) {
      const _id = toObjectId(id);
      if (!_id) return null;
      return inTransaction(client, async (session) => {
        // A pipeline update reads the status it replaces: restocked is "was it still paid".
        const before = await orders.findOneAndUpdate(
          { _id, status: { $in: [...KEPT_STATUSES] } },
          [
            {
              $set: {
                refundRestocked: { $in: ['$status', ['paid', 'partly_shipped']] },
                status: 'refunded',
                refundedAt: new Date(input.now),
                // $literal: in a pipeline a text starting with "$" would be read as a field path.
                refundId: { $literal: input.refundId },
                ...(input.reason !== undefined && { refundReason: { $literal: input.reason } }),
              },
            },
          ],
          { session, returnDocument: 'before' },
        );
        if (!before) {
          const doc = await orders.findOne({ _id }, { session });
          if (!doc) return null;
          const order = toOrderRecord(doc);
          return { outcome: order.status === 'refunded' ? 'ALREADY' : 'REFUSED', order };
        }
        // Of a partly shipped order, the units not shipped go back (issue 53).
        if (before.status === 'paid' || before.status === 'partly_shipped') {
          const lines = unshippedLines(toOrderRecord(before)).map((line, i) => ({
            ...(before.items[i] as (typeof before.items)[number]),
            ...(line.allocations && { allocations: line.allocations }),
          }));
          for (const line of lines) await stock.give(line, session);
        }
        // Since issue 53 every refund has its document: this one gives back what is left.
        const refunds = client.db(orders.dbName).collection<RefundDoc>('refunds');
        const given = await refunds.find({ orderId: id }, { session }).toArray();
        const leftCents = before.priceCents - given.reduce((sum, r) => sum + r.amountCents, 0);
        const seen = await refunds.findOne({ gatewayRefundId: input.refundId }, { session });
        if (leftCents > 0 && !seen) {
          const units = new Map<string, number>();
          for (const r of given)
            for (const l of r.lines) units.set(l.toolId, (units.get(l.toolId) ?? 0) + l.quantity);
          const lines = before.items.map((l) => ({
            toolId: l.toolId.toHexString(),
            quantity: l.quantity,
          }));
          await refunds.insertOne(
            refundDoc({
              orderId: id,
              amountCents: leftCents,
              method: 'card',
              ...(input.reason !== undefined && { reason: input.reason }),
              lines: lines
                .map((l) => ({ ...l, quantity: l.quantity - (units.get(l.toolId) ?? 0) }))
                .filter((l) => l.quantity > 0),
              restock:
                before.status === 'paid' || before.status === 'partly_shipped'
                  ? unshippedQuantities(toOrderRecord(before))
                  : [],
              gatewayRefundId: input.refundId,
              baseCents: before.priceCents,
              now: input.now,
              by: 'shop',
            }),
            { session },
          );
        }
        // A refunded purchase no longer vouches for the buyer's reviews of its tools.
        await verifyReviews(
          before.userEmail,
          before.items.map((line) => line.toolId),
          session,
        );
        const after = await orders.findOne({ _id }, { session });
        return { outcome: 'REFUNDED', order: toOrderRecord(after as OrderDoc) };
      });
    },
  };
}
