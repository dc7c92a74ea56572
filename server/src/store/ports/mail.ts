/** The outbox: every email is a row first, sent by whichever instance picks it up. */

import type { OutboxStatus } from '@toolworks/contract/mail';
import type { Id, Page } from './common.js';

export type { OutboxStatus };

/** An attachment made at send time from its stored snapshot (the invoice or credit note PDF). */
export interface OutboxAttachmentRef {
  kind: 'invoice' | 'credit-note';
  orderId: Id;
}

/**
 * What a message's body is made from when it is sent, as attachments are: written once, with the
 * message. An order's email kept this way is its snapshot (under 1 kB) rather than the 4-5 kB of
 * HTML and text made from it, and is not rendered inside the order's transaction. The store keeps
 * it as it is given; the mail module (`mail/body-source.ts`) knows the templates.
 */
export interface OutboxBodySource {
  template: string;
  data: unknown;
}

/**
 * Claimed highest first: account mail (an invitation, an application's answer, an approval
 * request) is waited for by a person at a screen, and must not queue behind a backlog of order
 * mail. Order mail is the default.
 */
export const MAIL_PRIORITY = { account: 10, bulk: 0 } as const;

export interface OutboxMessageInput {
  /** What the message is about (`order-placed`, `payment-received`, ...). */
  kind: string;
  orderId?: Id;
  to: string;
  subject: string;
  /** The body as made when queued; both empty when `bodySource` says how to make it. */
  html: string;
  text: string;
  bodySource?: OutboxBodySource;
  attachments?: OutboxAttachmentRef[];
  /** One message per key, ever: a repeated enqueue (a webhook and the browser both reporting a
   * payment) returns the first. */
  dedupeKey?: string;
  /** `MAIL_PRIORITY`; left out: bulk. */
  priority?: number;
}

export interface OutboxMessage extends Required<
  Omit<OutboxMessageInput, 'orderId' | 'dedupeKey' | 'bodySource'>
> {
  _id: Id;
  bodySource?: OutboxBodySource;
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
   * step, the highest priority first, then the longest due: a message is held by one sender at a time, and a lease that ran out (a crashed sender)
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
