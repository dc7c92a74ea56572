import { ObjectId, type Collection } from 'mongodb';
import { COUNTED_ORDER_STATUSES, KEPT_STATUSES } from '../../domain/order-status.js';
import type { DailyOrders, OrderTotals, StatsRepo, ToolSales } from '../store.js';
import type { OrderDoc } from './orders-repo.js';
import { toToolRecord, type ToolDoc } from './tools-repo.js';
import type { UserDoc } from './users-repo.js';

// The domain's `isRevenue`: paid on invoice, `isPaid` turns true when the invoice is paid in full.
const isRevenue = {
  $and: [
    { $in: ['$status', KEPT_STATUSES] },
    { $or: [{ $ne: ['$paymentMethod', 'invoice'] }, { $eq: ['$isPaid', true] }] },
  ],
};
const revenueMatch = {
  status: { $in: [...KEPT_STATUSES] },
  $or: [{ paymentMethod: { $ne: 'invoice' } }, { isPaid: true }],
};
const paidCents = { $cond: [isRevenue, '$priceCents', 0] };
const counted = { status: { $in: [...COUNTED_ORDER_STATUSES] } };
const countIf = (condition: unknown) => ({ $sum: { $cond: [condition, 1, 0] } });

export function mongoStatsRepo(
  orders: Collection<OrderDoc>,
  tools: Collection<ToolDoc>,
  users: Collection<UserDoc>,
): StatsRepo {
  return {
    async orderTotals() {
      const [row] = await orders
        .aggregate<OrderTotals>([
          // Every order, as Manage Orders' All tab counts them; less what partial refunds and
          // credits gave back of those that still count (issue 53).
          {
            $lookup: {
              from: 'refunds',
              let: { id: { $toString: '$_id' } },
              pipeline: [
                { $match: { $expr: { $eq: ['$orderId', '$$id'] } } },
                { $group: { _id: null, cents: { $sum: '$amountCents' } } },
              ],
              as: 'refunded',
            },
          },
          {
            $group: {
              _id: null,
              orders: { $sum: 1 },
              unpaid: countIf({ $eq: ['$status', 'unpaid'] }),
              paid: countIf({ $eq: ['$status', 'paid'] }),
              confirmed: countIf({ $eq: ['$status', 'confirmed'] }),
              shipped: countIf({ $eq: ['$status', 'shipped'] }),
              delivered: countIf({ $eq: ['$status', 'delivered'] }),
              revenueCents: {
                $sum: {
                  $cond: [
                    isRevenue,
                    {
                      $subtract: ['$priceCents', { $ifNull: [{ $first: '$refunded.cents' }, 0] }],
                    },
                    0,
                  ],
                },
              },
            },
          },
          { $project: { _id: 0 } },
        ])
        .toArray();
      return (
        row ?? {
          orders: 0,
          unpaid: 0,
          paid: 0,
          confirmed: 0,
          shipped: 0,
          delivered: 0,
          revenueCents: 0,
        }
      );
    },
    async ordersPerDay(since) {
      const sinceDate = new Date(since);
      // _id starts with the creation second, so the range uses the primary index.
      const floor = ObjectId.createFromTime(Math.floor(sinceDate.getTime() / 1000));
      return orders
        .aggregate<DailyOrders>([
          { $match: { _id: { $gte: floor }, createdAt: { $gte: sinceDate }, ...counted } },
          {
            $group: {
              _id: { $dateToString: { format: '%Y-%m-%d', date: '$createdAt', timezone: 'UTC' } },
              orders: { $sum: 1 },
              revenueCents: { $sum: paidCents },
            },
          },
          { $sort: { _id: 1 } },
          { $project: { _id: 0, day: '$_id', orders: 1, revenueCents: 1 } },
        ])
        .toArray();
    },
    async bestSellers(limit) {
      const rows = await orders
        .aggregate<{
          _id: ObjectId;
          orderName: string;
          quantity: number;
          revenueCents: number;
          tool: ToolDoc[];
        }>([
          { $match: revenueMatch },
          { $unwind: '$items' },
          {
            $group: {
              _id: '$items.toolId',
              orderName: { $max: '$items.name' },
              quantity: { $sum: '$items.quantity' },
              revenueCents: { $sum: '$items.lineTotalCents' },
            },
          },
          { $sort: { quantity: -1, revenueCents: -1, _id: 1 } },
          { $limit: limit },
          {
            $lookup: {
              from: tools.collectionName,
              localField: '_id',
              foreignField: '_id',
              as: 'tool',
            },
          },
        ])
        .toArray();
      return rows.map((row): ToolSales => ({
        toolId: row._id.toHexString(),
        name: row.tool[0]?.name ?? row.orderName,
        quantity: row.quantity,
        revenueCents: row.revenueCents,
      }));
    },
    async lowStock(factor, limit) {
      const docs = await tools
        .aggregate<ToolDoc>([
          {
            $match: {
              $expr: {
                $lt: ['$availableQuantity', { $multiply: [factor, '$MinimumOrderQuantity'] }],
              },
            },
          },
          { $addFields: { ratio: { $divide: ['$availableQuantity', '$MinimumOrderQuantity'] } } },
          { $sort: { ratio: 1, _id: 1 } },
          { $limit: limit },
          { $project: { ratio: 0 } },
        ])
        .toArray();
      return docs.map(toToolRecord);
    },
    async customerCount() {
      return users.countDocuments({ role: { $ne: 'admin' }, removedAt: { $exists: false } });
    },
  };
}
