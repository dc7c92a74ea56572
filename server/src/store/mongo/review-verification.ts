import type { ClientSession, Collection, ObjectId } from 'mongodb';
import { reviewIsVerified } from '../../domain/order-status.js';
import type { OrderDoc } from './order-docs.js';
import type { ReviewDoc } from './review-docs.js';
import type { ToolDoc } from './tools-repo.js';
import type { UserDoc } from './users-repo.js';

/**
 * A review's write and a payment's or refund's verification each read what the other writes (the
 * orders; the reviews), which MongoDB's snapshot isolation lets both commit unseen: a verified
 * review of a refunded order. Both first write the buyer's user document, so two such
 * transactions at once conflict and the retried one reads the other's result.
 */
export const touchReviewer = (users: Collection<UserDoc>, email: string, session: ClientSession) =>
  users.updateOne({ email }, { $inc: { reviewsVersion: 1 } }, { session });

/**
 * Whether the buyer's review of the tool counts as verified (`reviewIsVerified`), from the
 * statuses of their orders holding it; in the caller's transaction when it passes its session.
 */
export function verifyingOrderCheck(orders: Collection<OrderDoc>) {
  return async (email: string, toolId: ObjectId, session?: ClientSession) =>
    reviewIsVerified(
      await orders.distinct(
        'status',
        { userEmail: email, 'items.toolId': toolId },
        session ? { session } : {},
      ),
    );
}

/**
 * Brings the buyer's reviews of these tools in line with their orders, in the caller's
 * transaction (a payment or a refund): verified while a kept order holds the tool; only a
 * visible, verified review counts in the tool's rating. The SQLite twin is
 * sqlite/review-verification.ts.
 */
export function mongoReviewVerification(
  reviews: Collection<ReviewDoc>,
  tools: Collection<ToolDoc>,
  orders: Collection<OrderDoc>,
  users: Collection<UserDoc>,
) {
  const verifies = verifyingOrderCheck(orders);
  return async (email: string, toolIds: ObjectId[], session: ClientSession): Promise<void> => {
    await touchReviewer(users, email, session);
    const unique = [...new Map(toolIds.map((id) => [id.toHexString(), id])).values()];
    for (const toolId of unique) {
      const docs = await reviews.find({ authorEmail: email, toolId }, { session }).toArray();
      if (docs.length === 0) continue;
      const verified = await verifies(email, toolId, session);
      const sign = verified ? 1 : -1;
      for (const doc of docs) {
        if ((doc.verified ?? false) === verified) continue;
        await reviews.updateOne({ _id: doc._id }, { $set: { verified } }, { session });
        if (!doc.hidden)
          await tools.updateOne(
            { _id: toolId },
            { $inc: { ratingSum: sign * doc.ratings, ratingCount: sign } },
            { session },
          );
      }
    }
  };
}

/**
 * Before the unique { authorEmail, toolId } index can be built: a buyer's later reviews of a tool
 * they had reviewed already are deleted (the first stands, as a new duplicate would be refused),
 * and those tools' ratings are summed again from their visible, verified reviews.
 */
export async function dedupeToolReviews(
  reviews: Collection<ReviewDoc>,
  tools: Collection<ToolDoc>,
): Promise<void> {
  const groups = await reviews
    .aggregate<{ ids: ObjectId[] }>([
      { $match: { toolId: { $exists: true } } },
      { $sort: { _id: 1 } },
      { $group: { _id: { a: '$authorEmail', t: '$toolId' }, ids: { $push: '$_id' } } },
      { $match: { 'ids.1': { $exists: true } } },
    ])
    .toArray();
  if (groups.length === 0) return;
  const later = groups.flatMap((group) => group.ids.slice(1));
  const touched = await reviews.distinct('toolId', { _id: { $in: later } });
  await reviews.deleteMany({ _id: { $in: later } });
  for (const toolId of touched) {
    const [sum] = await reviews
      .aggregate<{ ratingSum: number; ratingCount: number }>([
        { $match: { toolId, hidden: { $ne: true }, verified: true } },
        { $group: { _id: null, ratingSum: { $sum: '$ratings' }, ratingCount: { $sum: 1 } } },
      ])
      .toArray();
    await tools.updateOne(
      { _id: toolId },
      { $set: { ratingSum: sum?.ratingSum ?? 0, ratingCount: sum?.ratingCount ?? 0 } },
    );
  }
}
