import { z } from 'zod';
import { idSchema } from './fields.js';

export const RATINGS_MESSAGE = 'Ratings must be a whole number from 1 to 5';

/**
 * The spec's ratings were free text; they are now a whole number 1 to 5, checked both sides.
 * The old client sent text, so a string of digits ("4") is taken as its number; anything else
 * that is not a number ("x", "4.5", "0x5", true) is refused rather than coerced.
 */
export const ratingsSchema = z.preprocess(
  (value) => (typeof value === 'string' && /^\s*\d{1,3}\s*$/.test(value) ? Number(value) : value),
  z
    .number({ error: RATINGS_MESSAGE })
    .int(RATINGS_MESSAGE)
    .min(1, RATINGS_MESSAGE)
    .max(5, RATINGS_MESSAGE),
);

export const ReviewSchema = z.object({
  _id: z.string(),
  review: z.string(),
  ratings: z.number().int(),
  authorName: z.string(),
  /** The tool reviewed; absent for a review of the shop. */
  toolId: z.string().optional(),
  /** The author had a paid order for the tool. */
  verified: z.boolean(),
  createdAt: z.string(),
});
export type Review = z.infer<typeof ReviewSchema>;

export const ReviewListSchema = z.array(ReviewSchema);

/** POST /addReview: the author comes from the signed-in user, never from the body. */
export const CreateReviewSchema = z.object({
  review: z
    .string({ error: 'Review is required' })
    .trim()
    .min(1, { error: 'Review is required', abort: true })
    .max(1000, 'Review must be 1000 characters or shorter'),
  ratings: ratingsSchema,
  /** A tool the author has a paid order for (else 403); absent for a review of the shop. */
  toolId: idSchema.optional(),
});
export type CreateReviewInput = z.infer<typeof CreateReviewSchema>;

/** GET /reviews (admins): every review, hidden ones included, with the tool's name. */
export const AdminReviewSchema = ReviewSchema.extend({
  hidden: z.boolean(),
  toolName: z.string().optional(),
});
export type AdminReview = z.infer<typeof AdminReviewSchema>;
export const AdminReviewListSchema = z.array(AdminReviewSchema);

export const ReviewIdParamsSchema = z.object({ id: idSchema });

/** PATCH /review/{id} (admins): moderation. */
export const UpdateReviewSchema = z.strictObject({
  hidden: z.boolean({ error: 'hidden must be true or false' }),
});
export type UpdateReviewInput = z.infer<typeof UpdateReviewSchema>;
