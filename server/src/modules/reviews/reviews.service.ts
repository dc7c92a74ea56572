import type { AdminReview, CreateReviewInput, Review } from '@toolworks/contract/reviews';
import { AppError } from '../../lib/app-error.js';
import type { Id, ReviewRecord, Store, UserRecord } from '../../store/store.js';

/** The author's email stays on the server: reviews are public. */
export function toReviewWire(record: ReviewRecord): Review {
  return {
    _id: record._id,
    review: record.review,
    ratings: record.ratings,
    authorName: record.authorName,
    ...(record.toolId ? { toolId: record.toolId } : {}),
    verified: record.verified,
    createdAt: record.createdAt,
  };
}

export function createReviewsService(store: Pick<Store, 'reviews' | 'tools'>) {
  return {
    /** Newest first, visible reviews only. */
    async list(): Promise<Review[]> {
      return (await store.reviews.list()).map(toReviewWire);
    },

    /** A tool's visible reviews, newest first; 404 for an unknown tool. */
    async listForTool(toolId: Id): Promise<Review[]> {
      if (!(await store.tools.get(toolId))) throw AppError.notFound('Tool not found');
      return (await store.reviews.list({ toolId })).map(toReviewWire);
    },

    /** Every review with its state, for moderation. */
    async listForAdmin(): Promise<AdminReview[]> {
      const records = await store.reviews.list({ includeHidden: true });
      const toolIds = [...new Set(records.flatMap((r) => (r.toolId ? [r.toolId] : [])))];
      const tools = await Promise.all(toolIds.map((id) => store.tools.get(id)));
      const names = new Map(tools.flatMap((tool) => (tool ? [[tool._id, tool.name]] : [])));
      return records.map((record) => {
        const toolName = record.toolId ? names.get(record.toolId) : undefined;
        return {
          ...toReviewWire(record),
          hidden: record.hidden,
          ...(toolName ? { toolName } : {}),
        };
      });
    },

    /**
     * Stores the text exactly as written (trimmed; never HTML: the client renders it as text).
     * The author is the signed-in user: their display name, or the part of their email before
     * the @ when they have none, so the public list never shows a customer's full address.
     * A tool review needs a paid order for that tool, and is then a verified buyer's (until that
     * purchase is refunded). One review per buyer and tool: a second is a 409, the first stands.
     */
    async create(author: UserRecord, input: CreateReviewInput): Promise<Review> {
      if (input.toolId && !(await store.reviews.hasPaidOrderFor(author.email, input.toolId)))
        throw AppError.forbidden('You can review a tool once you have a paid order for it');
      const authorName = author.name?.trim() || author.email.split('@')[0] || 'Customer';
      const record = await store.reviews.create({
        review: input.review,
        ratings: input.ratings,
        authorEmail: author.email,
        authorName,
        ...(input.toolId ? { toolId: input.toolId, verified: true } : {}),
      });
      if (record === 'DUPLICATE')
        throw AppError.conflict('You have already reviewed this tool: one review per tool');
      return toReviewWire(record);
    },

    async setHidden(id: Id, hidden: boolean): Promise<AdminReview> {
      const record = await store.reviews.setHidden(id, hidden);
      if (!record) throw AppError.notFound('Review not found');
      return { ...toReviewWire(record), hidden: record.hidden };
    },
  };
}

export type ReviewsService = ReturnType<typeof createReviewsService>;
