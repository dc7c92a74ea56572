import type { CreateReviewInput, Review } from '../../contract/reviews.js';
import type { ReviewRecord, Store, UserRecord } from '../../store/store.js';

/** The author's email stays on the server: reviews are public. */
export function toReviewWire(record: ReviewRecord): Review {
  return {
    _id: record._id,
    review: record.review,
    ratings: record.ratings,
    authorName: record.authorName,
    createdAt: record.createdAt,
  };
}

export function createReviewsService(store: Pick<Store, 'reviews'>) {
  return {
    /** Newest first. */
    async list(): Promise<Review[]> {
      return (await store.reviews.list()).map(toReviewWire);
    },

    /**
     * Stores the text exactly as written (trimmed; never HTML: the client renders it as text).
     * The author is the signed-in user: their display name, or the part of their email before
     * the @ when they have none, so the public list never shows a customer's full address.
     */
    async create(author: UserRecord, input: CreateReviewInput): Promise<Review> {
      const authorName = author.name?.trim() || author.email.split('@')[0] || 'Customer';
      const record = await store.reviews.create({
        review: input.review,
        ratings: input.ratings,
        authorEmail: author.email,
        authorName,
      });
      return toReviewWire(record);
    },
  };
}

export type ReviewsService = ReturnType<typeof createReviewsService>;
