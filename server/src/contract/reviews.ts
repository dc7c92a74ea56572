import { z } from 'zod';

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
});
export type CreateReviewInput = z.infer<typeof CreateReviewSchema>;
