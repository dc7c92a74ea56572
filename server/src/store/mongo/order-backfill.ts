import type { Collection, Db } from 'mongodb';
import type { CounterDoc, OrderDoc } from './order-docs.js';
import type { ToolDoc } from './tools-repo.js';
import { ORDER_NUMBER_BASE } from './orders-repo.js';

/**
 * Refuses a standalone server: an order reserves several tools, and cancel and expiry return
 * them, in multi-document transactions, which MongoDB runs only on a replica set (or through
 * mongos / Atlas). Better a clear refusal at start-up than an error at the first checkout.
 */
export async function assertReplicaSet(db: Db): Promise<void> {
  const hello = await db.admin().command({ hello: 1 });
  if (hello.setName || hello.msg === 'isdbgrid') return;
  throw new Error(
    'MongoDB is a standalone server: Toolworks needs a replica set (orders reserve several tools in one transaction). ' +
      'Use Atlas, or start mongod with --replSet rs0 and run rs.initiate() once (a one-member set is enough). See README "MongoDB".',
  );
}

/**
 * Orders written before lines and statuses: give each its status, its one line, a reservation
 * of 60 minutes from its creation while unpaid, and a number in creation order. Idempotent, and
 * cheap once done (the filters match nothing).
 */
export async function backfillOrders(
  orders: Collection<OrderDoc>,
  counters: Collection<CounterDoc>,
): Promise<void> {
  await orders.updateMany({ status: { $exists: false } }, [
    {
      $set: {
        status: {
          $switch: {
            branches: [
              { case: { $ne: [{ $ifNull: ['$shippedAt', null] }, null] }, then: 'shipped' },
              { case: '$isPaid', then: 'paid' },
            ],
            default: 'unpaid',
          },
        },
        items: [
          {
            toolId: '$toolId',
            name: '$name',
            unitPriceCents: '$unitPriceCents',
            quantity: '$quantity',
            lineTotalCents: '$priceCents',
          },
        ],
        expiresAt: {
          $cond: ['$isPaid', '$$REMOVE', { $add: ['$createdAt', 60 * 60_000] }],
        },
      },
    },
  ]);
  const unnumbered = orders.find({ number: { $exists: false } }).sort({ createdAt: 1, _id: 1 });
  for await (const doc of unnumbered) {
    const counter = await counters.findOneAndUpdate(
      { _id: 'orders' },
      { $inc: { value: 1 } },
      { upsert: true, returnDocument: 'after' },
    );
    await orders.updateOne(
      { _id: doc._id, number: { $exists: false } },
      { $set: { number: ORDER_NUMBER_BASE + (counter?.value ?? 1) } },
    );
  }
}

/**
 * Lines written before SKUs get the SKU migration 016 gives SQLite's: their tool's SKU as it is
 * now; a line of a deleted tool stays without one (reads show none, as SQLite's do). Run after
 * backfillSkus, so every tool has its SKU. Idempotent, and cheap once done.
 */
export async function backfillLineSkus(
  orders: Collection<OrderDoc>,
  tools: Collection<ToolDoc>,
): Promise<void> {
  const lacking = { items: { $elemMatch: { sku: { $exists: false } } } };
  const toolIds = await orders.distinct('items.toolId', lacking);
  if (!toolIds.length) return;
  const found = await tools
    .find({ _id: { $in: toolIds } }, { projection: { _id: 1, sku: 1 } })
    .toArray();
  if (!found.length) return;
  await orders.bulkWrite(
    found.map((tool) => ({
      updateMany: {
        filter: { items: { $elemMatch: { toolId: tool._id, sku: { $exists: false } } } },
        update: { $set: { 'items.$[line].sku': tool.sku } },
        arrayFilters: [{ 'line.toolId': tool._id, 'line.sku': { $exists: false } }],
      },
    })),
    { ordered: false },
  );
}
