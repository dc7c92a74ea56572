import { ObjectId, type Collection, type Filter } from 'mongodb';
import type { OrderRecord, OrdersRepo, OrderStatusFilter } from '../store.js';
import { unitPriceCentsFor } from '../../contract/pricing.js';
import { iso, toObjectId } from './ids.js';
import type { ToolDoc } from './tools-repo.js';

export interface OrderDoc {
  _id: ObjectId;
  toolId: ObjectId;
  name: string;
  unitPriceCents: number;
  priceCents: number;
  quantity: number;
  userName: string;
  userEmail: string;
  userPhone: string;
  userAddress: string;
  isPaid: boolean;
  iscancelled: boolean;
  transactionId?: string;
  paymentIntentId?: string;
  paidAt?: Date;
  shippedAt?: Date;
  createdAt: Date;
}

function toOrderRecord(doc: OrderDoc): OrderRecord {
  return {
    _id: doc._id.toHexString(),
    toolId: doc.toolId.toHexString(),
    name: doc.name,
    unitPriceCents: doc.unitPriceCents,
    priceCents: doc.priceCents,
    quantity: doc.quantity,
    userName: doc.userName,
    userEmail: doc.userEmail,
    userPhone: doc.userPhone,
    userAddress: doc.userAddress,
    isPaid: doc.isPaid,
    iscancelled: doc.iscancelled,
    ...(doc.transactionId != null && { transactionId: doc.transactionId }),
    ...(doc.paymentIntentId != null && { paymentIntentId: doc.paymentIntentId }),
    ...(doc.paidAt != null && { paidAt: iso(doc.paidAt) }),
    ...(doc.shippedAt != null && { shippedAt: iso(doc.shippedAt) }),
    createdAt: iso(doc.createdAt),
  };
}

// shippedAt is only ever absent or a date, never null.
const STATUS_FILTER: Record<OrderStatusFilter, Filter<OrderDoc>> = {
  unpaid: { isPaid: false },
  paid: { isPaid: true, shippedAt: { $exists: false } },
  shipped: { isPaid: true, shippedAt: { $exists: true } },
};

export function mongoOrdersRepo(
  orders: Collection<OrderDoc>,
  tools: Collection<ToolDoc>,
): OrdersRepo {
  const getDoc = (id: string) => {
    const _id = toObjectId(id);
    return _id ? orders.findOne({ _id }) : Promise.resolve(null);
  };

  return {
    async place(input) {
      const toolId = toObjectId(input.toolId);
      if (!toolId) return { ok: false, reason: 'TOOL_NOT_FOUND' };
      const q = input.quantity;
      // The stock check and the decrement are one atomic document update: no oversell.
      const tool = await tools.findOneAndUpdate(
        { _id: toolId, availableQuantity: { $gte: q }, MinimumOrderQuantity: { $lte: q } },
        { $inc: { availableQuantity: -q } },
        { projection: { name: 1, priceCents: 1, priceTiers: 1 } },
      );
      if (!tool) {
        const existing = await tools.findOne(
          { _id: toolId },
          { projection: { MinimumOrderQuantity: 1 } },
        );
        if (!existing) return { ok: false, reason: 'TOOL_NOT_FOUND' };
        return {
          ok: false,
          reason: q < existing.MinimumOrderQuantity ? 'BELOW_MINIMUM' : 'OUT_OF_STOCK',
        };
      }
      const unitPriceCents =
        input.unitPriceCents ?? unitPriceCentsFor(tool.priceCents, tool.priceTiers ?? [], q);
      const doc: OrderDoc = {
        _id: new ObjectId(),
        toolId,
        name: tool.name,
        unitPriceCents,
        priceCents: q * unitPriceCents,
        quantity: q,
        userName: input.userName,
        userEmail: input.userEmail.toLowerCase(),
        userPhone: input.userPhone,
        userAddress: input.userAddress,
        isPaid: false,
        iscancelled: false,
        createdAt: new Date(),
      };
      try {
        await orders.insertOne(doc);
      } catch (error) {
        // Without a multi-document transaction, compensate so the reserved stock is not lost.
        await tools.updateOne({ _id: toolId }, { $inc: { availableQuantity: q } });
        throw error;
      }
      return { ok: true, order: toOrderRecord(doc) };
    },
    async get(id) {
      const doc = await getDoc(id);
      return doc ? toOrderRecord(doc) : null;
    },
    async listByEmail(email) {
      const docs = await orders
        .find({ userEmail: email.toLowerCase() })
        .sort({ _id: -1 })
        .toArray();
      return docs.map(toOrderRecord);
    },
    async list({ status, offset, limit }) {
      const filter = status ? STATUS_FILTER[status] : {};
      const [docs, total] = await Promise.all([
        orders.find(filter).sort({ _id: -1 }).skip(offset).limit(limit).toArray(),
        orders.countDocuments(filter),
      ]);
      return { items: docs.map(toOrderRecord), total };
    },
    async cancelUnpaid(id) {
      const _id = toObjectId(id);
      if (!_id) return 'NOT_FOUND';
      const deleted = await orders.findOneAndDelete({ _id, isPaid: false });
      if (!deleted)
        return (await orders.countDocuments({ _id }, { limit: 1 })) ? 'PAID' : 'NOT_FOUND';
      await tools.updateOne(
        { _id: deleted.toolId },
        { $inc: { availableQuantity: deleted.quantity } },
      );
      return 'CANCELLED';
    },
    async setPaymentIntent(id, paymentIntentId) {
      const _id = toObjectId(id);
      if (_id) await orders.updateOne({ _id }, { $set: { paymentIntentId } });
    },
    async markPaid(id, transactionId) {
      const _id = toObjectId(id);
      if (!_id) return null;
      await orders.updateOne(
        { _id, isPaid: false },
        { $set: { isPaid: true, transactionId, paidAt: new Date() } },
      );
      return this.get(id);
    },
    async markShipped(id) {
      const _id = toObjectId(id);
      if (!_id) return null;
      await orders.updateOne(
        { _id, isPaid: true, shippedAt: { $exists: false } },
        { $set: { shippedAt: new Date() } },
      );
      const order = await this.get(id);
      return order?.isPaid ? order : null;
    },
  };
}
