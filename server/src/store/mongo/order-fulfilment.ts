import type { ClientSession, Collection, MongoClient, ObjectId } from 'mongodb';
import { KEPT_STATUSES } from '../../domain/order-status.js';
import { unshippedLines } from '../../domain/shipments.js';
import type { OrdersRepo } from '../store.js';
import { toObjectId } from './ids.js';
import { toOrderRecord, type OrderDoc } from './order-docs.js';
import { inTransaction } from './transactions.js';
import type { ToolDoc } from './tools-repo.js';
import { mongoStockMoves } from './stock-moves.js';

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
