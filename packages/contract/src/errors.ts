import { z } from 'zod';

export const ERROR_CODES = [
  'VALIDATION_ERROR',
  'BAD_JSON',
  'PAYLOAD_TOO_LARGE',
  'UNSUPPORTED_MEDIA_TYPE',
  'UNAUTHENTICATED',
  'FORBIDDEN',
  'NOT_FOUND',
  'CONFLICT',
  /** An order awaiting approval was approved or rejected by someone else first. */
  'ALREADY_DECIDED',
  'OUT_OF_STOCK',
  'PRICE_CHANGED',
  /** A quantity that is not a whole number of packs or order multiples (400, `details.nearest`). */
  'QUANTITY_NOT_MULTIPLE',
  'PAYMENT_FAILED',
  'CREDIT_LIMIT_EXCEEDED',
  'RATE_LIMITED',
  /** An `Idempotency-Key` sent again with a different request (422). */
  'IDEMPOTENCY_KEY_REUSED',
  /** This instance has as much of this work under way as it takes (503, with Retry-After). */
  'BUSY',
  /**
   * An invoice or credit note whose e-invoice failed the EN 16931 rules: not issued, no number
   * taken, the shop told (422, `details.errors`); 503 when the check itself could not run.
   */
  'DOCUMENT_NOT_ISSUED',
  'INTERNAL',
] as const;

export type ErrorCode = (typeof ERROR_CODES)[number];

export const ErrorBodySchema = z.object({
  error: z.object({
    code: z.enum(ERROR_CODES),
    message: z.string(),
    details: z.unknown().optional(),
  }),
});

export type ErrorBody = z.infer<typeof ErrorBodySchema>;
