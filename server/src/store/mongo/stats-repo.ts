import { ObjectId, type Collection } from 'mongodb';
import type { DailyOrders, OrderTotals, StatsRepo, ToolSales } from '../store.js';
import type { OrderDoc } from './orders-repo.js';
import { toToolRecord, type ToolDoc } from './tools-repo.js';
import type { UserDoc } from './users-repo.js';

const paidCents = { $cond: ['$isPaid', '$priceCents', 0] };

export function mongoStatsRepo(
  orders: Collection<OrderDoc>,
  tools: Collection<ToolDoc>,
  users: Collection<UserDoc>,
): StatsRepo {
  return {
    async orderTotals() {
      const [row] = await orders
        .aggregate<OrderTotals>([
          {
            $group: {
              _id: null,
              orders: { $sum: 1 },
              unpaid: { $sum: { $cond: ['$isPaid', 0, 1] } },
              paid: { $sum: { $cond: [{ $and: ['$isPaid', { $not: ['$shippedAt'] }] }, 1, 0] } },
              shipped: { $sum: { $cond: [{ $and: ['$isPaid', '$shippedAt'] }, 1, 0] } },
              revenueCents: { $sum: paidCents },
            },
          },
          { $project: { _id: 0 } },
        ])
        .toArray();
      return row ?? { orders: 0, unpaid: 0, paid: 0, shipped: 0, revenueCents: 0 };
    },
    async ordersPerDay(since) {
      const sinceDate = new Date(since);
      // _id starts with the creation second, so the range uses the primary index.
      const floor = ObjectId.createFromTime(Math.floor(sinceDate.getTime() / 1000));
      return orders
        .aggregate<DailyOrders>([
          { $match: { _id: { $gte: floor }, createdAt: { $gte: sinceDate } } },
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
          { $match: { isPaid: true } },
          {
            $group: {
              _id: '$toolId',
              orderName: { $max: '$name' },
              quantity: { $sum: '$quantity' },
              revenueCents: { $sum: '$priceCents' },
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
