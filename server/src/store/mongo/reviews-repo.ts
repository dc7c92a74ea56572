import { ObjectId, type Collection, type MongoClient } from 'mongodb';
import type { ReviewInput, ReviewRecord, ReviewsRepo } from '../store.js';
import { isDuplicateKey, iso, toObjectId } from './ids.js';
import type { OrderDoc } from './order-docs.js';
import type { ReviewDoc } from './review-docs.js';
import type { ToolDoc } from './tools-repo.js';
import type { UserDoc } from './users-repo.js';
import { touchReviewer, verifyingOrderCheck } from './review-verification.js';
import { inTransaction } from './transactions.js';

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
  users: Collection<UserDoc>,
): ReviewsRepo {
  const verifies = verifyingOrderCheck(orders);
  const createOne = async (input: ReviewInput): Promise<ReviewRecord | 'DUPLICATE'> => {
    const doc = newDoc(input);
    try {
      await inTransaction(client, async (session) => {
        // Judged again in the write: a refund committed since the caller's check counts, and
        // one committing meanwhile conflicts on the buyer's document (review-verification.ts).
        await touchReviewer(users, doc.authorEmail, session);
        doc.verified = Boolean(
          doc.toolId && input.verified && (await verifies(doc.authorEmail, doc.toolId, session)),
        );
        // The unique { authorEmail, toolId } index refuses a second review of the tool.
        await reviews.insertOne(doc, { session });
        if (doc.toolId && doc.verified)
          await tools.updateOne(
            { _id: doc.toolId },
            { $inc: { ratingSum: doc.ratings, ratingCount: 1 } },
            { session },
          );
      });
    } catch (error) {
      if (isDuplicateKey(error)) return 'DUPLICATE';
      throw error;
    }
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
      await inTransaction(client, async (session) => {
        // The state is part of the filter: a repeated hide changes nothing and moves no rating.
        const doc = await reviews.findOneAndUpdate(
          { _id, hidden: hidden ? { $ne: true } : true },
          { $set: { hidden } },
          { session },
        );
        const sign = hidden ? -1 : 1;
        // Only verified reviews are in the rating.
        if (doc?.toolId && doc.verified)
          await tools.updateOne(
            { _id: doc.toolId },
            { $inc: { ratingSum: sign * doc.ratings, ratingCount: sign } },
            { session },
          );
      });
      const doc = await reviews.findOne({ _id });
      return doc ? toReviewRecord(doc) : null;
    },
    async hasPaidOrderFor(email, toolId) {
      const _id = toObjectId(toolId);
      // Any line of a kept order of theirs: many-line orders count too.
      return _id ? verifies(email.toLowerCase(), _id) : false;
    },
    async insertMany(inputs) {
      let created = 0;
      for (const input of inputs) if ((await createOne(input)) !== 'DUPLICATE') created += 1;
      return created;
    },
    async count() {
      return reviews.countDocuments();
    },
  };
}
