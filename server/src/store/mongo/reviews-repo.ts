import { ObjectId, type Collection, type MongoClient } from 'mongodb';
import type { ReviewInput, ReviewRecord, ReviewsRepo } from '../store.js';
import { iso, toObjectId } from './ids.js';
import type { OrderDoc } from './orders-repo.js';
import type { ToolDoc } from './tools-repo.js';

export interface ReviewDoc {
  _id: ObjectId;
  review: string;
  ratings: number;
  authorEmail: string;
  authorName: string;
  toolId?: ObjectId;
  verified?: boolean;
  hidden?: boolean;
  createdAt: Date;
}

const newDoc = (input: ReviewInput): ReviewDoc => ({
  _id: new ObjectId(),
  review: input.review,
  ratings: input.ratings,
  authorEmail: input.authorEmail.toLowerCase(),
  authorName: input.authorName,
  ...(input.toolId ? { toolId: new ObjectId(input.toolId) } : {}),
  verified: input.verified ?? false,
  hidden: false,
  createdAt: new Date(),
});

const toReviewRecord = (doc: ReviewDoc): ReviewRecord => ({
  _id: doc._id.toHexString(),
  review: doc.review,
  ratings: doc.ratings,
  authorEmail: doc.authorEmail,
  authorName: doc.authorName,
  ...(doc.toolId ? { toolId: doc.toolId.toHexString() } : {}),
  verified: doc.verified ?? false,
  hidden: doc.hidden ?? false,
  createdAt: iso(doc.createdAt),
});

/**
 * A review and the tool's rating change together in one transaction (a replica set or Atlas,
 * which the MongoDB deployment needs anyway; see the README).
 */
export function mongoReviewsRepo(
  client: MongoClient,
  reviews: Collection<ReviewDoc>,
  tools: Collection<ToolDoc>,
  orders: Collection<OrderDoc>,
): ReviewsRepo {
  const createOne = async (input: ReviewInput) => {
    const doc = newDoc(input);
    await client.withSession((session) =>
      session.withTransaction(async () => {
        await reviews.insertOne(doc, { session });
        if (doc.toolId)
          await tools.updateOne(
            { _id: doc.toolId },
            { $inc: { ratingSum: doc.ratings, ratingCount: 1 } },
            { session },
          );
      }),
    );
    return toReviewRecord(doc);
  };
  return {
    async list({ toolId, includeHidden } = {}) {
      const filter = {
        ...(toolId ? { toolId: toObjectId(toolId) ?? new ObjectId() } : {}),
        ...(includeHidden ? {} : { hidden: { $ne: true } }),
      };
      return (await reviews.find(filter).sort({ _id: -1 }).toArray()).map(toReviewRecord);
    },
    async get(id) {
      const _id = toObjectId(id);
      const doc = _id && (await reviews.findOne({ _id }));
      return doc ? toReviewRecord(doc) : null;
    },
    create: createOne,
    async setHidden(id, hidden) {
      const _id = toObjectId(id);
      if (!_id) return null;
      await client.withSession((session) =>
        session.withTransaction(async () => {
          // The state is part of the filter: a repeated hide changes nothing and moves no rating.
          const doc = await reviews.findOneAndUpdate(
            { _id, hidden: hidden ? { $ne: true } : true },
            { $set: { hidden } },
            { session },
          );
          const sign = hidden ? -1 : 1;
          if (doc?.toolId)
            await tools.updateOne(
              { _id: doc.toolId },
              { $inc: { ratingSum: sign * doc.ratings, ratingCount: sign } },
              { session },
            );
        }),
      );
      const doc = await reviews.findOne({ _id });
      return doc ? toReviewRecord(doc) : null;
    },
    async hasPaidOrderFor(email, toolId) {
      const _id = toObjectId(toolId);
      if (!_id) return false;
      // Any line of a paid (or shipped, delivered) order of theirs: many-line orders count too.
      const filter = {
        userEmail: email.toLowerCase(),
        'items.toolId': _id,
        status: { $in: ['paid' as const, 'shipped' as const, 'delivered' as const] },
      };
      return (await orders.countDocuments(filter, { limit: 1 })) > 0;
    },
    async insertMany(inputs) {
      for (const input of inputs) await createOne(input);
      return inputs.length;
    },
    async count() {
      return reviews.countDocuments();
    },
  };
}
