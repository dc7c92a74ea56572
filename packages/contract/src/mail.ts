import { z } from 'zod';
import { blankAsUndefined, idSchema, pagingQueryFields } from './fields.js';

/** The admin's view of queued order emails (GET /admin/outbox): failed sends to retry. */

export const OUTBOX_STATUSES = ['pending', 'sent', 'failed'] as const;
export type OutboxStatus = (typeof OUTBOX_STATUSES)[number];

export const OUTBOX_PAGE_SIZE = 20;

/** One queued email, without its body. */
export const OutboxMessageSchema = z.object({
  _id: z.string(),
  kind: z.string(),
  orderId: z.string().optional(),
  to: z.string(),
  subject: z.string(),
  status: z.enum(OUTBOX_STATUSES),
  attempts: z.number().int(),
  nextAttemptAt: z.string(),
  lastError: z.string().optional(),
  createdAt: z.string(),
  sentAt: z.string().optional(),
});
export type OutboxMessageWire = z.infer<typeof OutboxMessageSchema>;
export const OutboxMessageListSchema = z.array(OutboxMessageSchema);

export const ListOutboxQuerySchema = z.object({
  status: z.preprocess(
    blankAsUndefined,
    z.enum(OUTBOX_STATUSES, { error: 'status must be pending, sent or failed' }).optional(),
  ),
  ...pagingQueryFields(OUTBOX_PAGE_SIZE, 100),
});
export type ListOutboxQuery = z.infer<typeof ListOutboxQuerySchema>;

export const OutboxIdParamsSchema = z.object({ id: idSchema });
