/** The outbox: every email is a row first, sent by whichever instance picks it up. */

import type { Id, Page } from './common.js';

export type OutboxStatus = 'pending' | 'sent' | 'failed';

/** An attachment made at send time from its stored snapshot (the invoice or credit note PDF). */
export interface OutboxAttachmentRef {
  kind: 'invoice' | 'credit-note';
  orderId: Id;
}

export interface OutboxMessageInput {
  /** What the message is about (`order-placed`, `payment-received`, ...). */
  kind: string;
  orderId?: Id;
  to: string;
  subject: string;
  html: string;
  text: string;
  attachments?: OutboxAttachmentRef[];
  /** One message per key, ever: a repeated enqueue (a webhook and the browser both reporting a
   * payment) returns the first. */
  dedupeKey?: string;
}

export interface OutboxMessage extends Required<Omit<OutboxMessageInput, 'orderId' | 'dedupeKey'>> {
  _id: Id;
  orderId?: Id;
  dedupeKey?: string;
  status: OutboxStatus;
  /** Claims so far, counted at the claim so a message that crashes its sender still runs out. */
  attempts: number;
  nextAttemptAt: string;
  lastError?: string;
  claimedBy?: string;
  claimedUntil?: string;
  createdAt: string;
  sentAt?: string;
}

export interface OutboxListQuery {
  status?: OutboxStatus;
  offset: number;
  limit: number;
}

export interface OutboxRepo {
  enqueue(
    input: OutboxMessageInput,
    now: string,
  ): Promise<{ message: OutboxMessage; created: boolean }>;
  /**
   * Leases up to `limit` due pending messages to `workerId` until `now + leaseMs`, in one atomic
   * step: a message is held by one sender at a time, and a lease that ran out (a crashed sender)
   * can be taken over. Each claim counts as an attempt.
   */
  claim(workerId: string, now: string, leaseMs: number, limit: number): Promise<OutboxMessage[]>;
  /** Only the lease holder can settle a message; false when the lease was lost. */
  markSent(id: Id, workerId: string, at: string): Promise<boolean>;
  /** `retryAt` null: give up (`failed`); otherwise pending again from then. */
  markFailed(id: Id, workerId: string, error: string, retryAt: string | null): Promise<boolean>;
  /** A failed message becomes pending again with fresh attempts. */
  retry(id: Id, now: string): Promise<OutboxMessage | null | 'NOT_FAILED'>;
  get(id: Id): Promise<OutboxMessage | null>;
  /** Newest first. */
  list(query: OutboxListQuery): Promise<Page<OutboxMessage>>;
}
