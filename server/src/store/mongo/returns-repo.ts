import type { Collection, MongoClient } from 'mongodb';
import { RETURN_STEPS } from '../../domain/returns.js';
import { newObjectId } from '../object-id.js';
import type { ReturnRecord, ReturnsRepo } from '../store.js';
import { toObjectId } from './ids.js';
import type { OrderDoc } from './order-docs.js';
import { mongoStockMoves } from './stock-moves.js';
import type { ToolDoc } from './tools-repo.js';
import { inTransaction } from './transactions.js';

export type ReturnDoc = ReturnRecord;

/**
 * As SQLite's: a request judged in the transaction that writes it (the order's document is
 * written too, so two requests at once conflict and one retries), each step a conditional
 * update, receiving's restock in its transaction.
 */
export function mongoReturnsRepo(
  client: MongoClient,
  returns: Collection<ReturnDoc>,
  orders: Collection<OrderDoc>,
  tools: Collection<ToolDoc>,
): ReturnsRepo {
  const stock = mongoStockMoves(tools);
  return {
    async request(input, decide) {
      const _id = toObjectId(input.orderId);
      if (!_id) return null;
      return inTransaction(client, async (session) => {
        const order = await orders.findOneAndUpdate(
          { _id },
          { $set: { returnsAt: new Date(input.now) } },
          { session, returnDocument: 'after' },
        );
        if (!order) return null;
        const already = new Map<string, number>();
        for (const earlier of await returns.find({ orderId: input.orderId }, { session }).toArray())
          if (earlier.status !== 'declined')
            for (const l of earlier.lines)
              already.set(l.toolId, (already.get(l.toolId) ?? 0) + l.quantity);
        const decision = decide(
          {
            status: order.status,
            ...(order.deliveredAt && { deliveredAt: order.deliveredAt.toISOString() }),
            items: order.items.map((l) => ({
              toolId: l.toolId.toHexString(),
              quantity: l.quantity,
            })),
          },
          already,
        );
        if (!decision.ok) return { outcome: 'REFUSED' as const, message: decision.message };
        const doc: ReturnDoc = {
          _id: newObjectId(new Date(input.now).getTime()),
          orderId: input.orderId,
          userEmail: input.userEmail,
          status: 'requested',
          reason: input.reason,
          lines: input.lines,
          requestedAt: input.now,
          updatedAt: input.now,
        };
        await returns.insertOne(doc, { session });
        return { outcome: 'REQUESTED' as const, request: doc };
      });
    },
    async get(id) {
      return returns.findOne({ _id: id });
    },
    async list({ status, limit }) {
      return returns
        .find(status ? { status } : {})
        .sort({ requestedAt: -1, _id: -1 })
        .limit(limit)
        .toArray();
    },
    async listByOrder(orderId) {
      return returns.find({ orderId }).sort({ requestedAt: 1, _id: 1 }).toArray();
    },
    async step(id, name, patch) {
      const { from, to } = RETURN_STEPS[name];
      return inTransaction(client, async (session) => {
        const changed = await returns.findOneAndUpdate(
          { _id: id, status: from },
          {
            $set: {
              status: to,
              updatedAt: patch.now,
              ...(patch.declineReason !== undefined && { declineReason: patch.declineReason }),
              ...(patch.received && { received: patch.received }),
              ...(patch.refundId !== undefined && { refundId: patch.refundId }),
            },
          },
          { session, returnDocument: 'after' },
        );
        if (changed && patch.received)
          for (const line of patch.received) {
            const toolId = toObjectId(line.toolId);
            if (toolId && line.disposition === 'restock' && line.quantity > 0)
              await stock.give({ toolId, quantity: line.quantity }, session);
          }
        const request = changed ?? (await returns.findOne({ _id: id }, { session }));
        return request ? { changed: changed !== null, request } : null;
      });
    },
  };
}
