import { ObjectId, type Collection } from 'mongodb';
import type { PaymentEventsRepo, ReviewInput, ReviewRecord, ReviewsRepo } from '../store.js';
import { isDuplicateKey, iso } from './ids.js';

export interface ReviewDoc {
  _id: ObjectId;
  review: string;
  ratings: number;
  authorEmail: string;
  authorName: string;
  createdAt: Date;
}

export interface PaymentEventDoc {
  _id: string;
  type: string;
  orderId: string | null;
  receivedAt: Date;
}

const newDoc = (input: ReviewInput): ReviewDoc => ({
  _id: new ObjectId(),
  review: input.review,
  ratings: input.ratings,
  authorEmail: input.authorEmail.toLowerCase(),
  authorName: input.authorName,
  createdAt: new Date(),
});

const toReviewRecord = (doc: ReviewDoc): ReviewRecord => ({
  _id: doc._id.toHexString(),
  review: doc.review,
  ratings: doc.ratings,
  authorEmail: doc.authorEmail,
  authorName: doc.authorName,
  createdAt: iso(doc.createdAt),
});

export function mongoReviewsRepo(reviews: Collection<ReviewDoc>): ReviewsRepo {
  return {
    async list() {
      return (await reviews.find().sort({ _id: -1 }).toArray()).map(toReviewRecord);
    },
    async create(input) {
      const doc = newDoc(input);
      await reviews.insertOne(doc);
      return toReviewRecord(doc);
    },
    async insertMany(inputs) {
      if (!inputs.length) return 0;
      return (await reviews.insertMany(inputs.map(newDoc), { ordered: true })).insertedCount;
    },
    async count() {
      return reviews.countDocuments();
    },
  };
}

export function mongoPaymentEventsRepo(events: Collection<PaymentEventDoc>): PaymentEventsRepo {
  return {
    async record(eventId, type, orderId) {
      try {
        // The event id is the _id, so the unique index detects a replay atomically.
        await events.insertOne({ _id: eventId, type, orderId, receivedAt: new Date() });
        return true;
      } catch (error) {
        if (isDuplicateKey(error)) return false;
        throw error;
      }
    },
  };
}
