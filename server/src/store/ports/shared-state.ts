/**
 * Plumbing every instance must share through the store rather than its own memory: gateway events
 * seen, rate-limit counters, the test gateway's intents.
 */

import type { Id } from './common.js';

export interface PaymentEventsRepo {
  /** Records a gateway event; false if this event id was recorded before (a replay). */
  record(eventId: string, type: string, orderId: Id | null): Promise<boolean>;
}

/** A fixed-window request counter, shared by every instance on the store. */
export interface RateLimitCount {
  count: number;
  /** Epoch ms when this window ends and the count starts again. */
  resetAt: number;
}

export interface RateLimitsRepo {
  /**
   * Counts one request under `key`, atomically: a window opens at a key's first request and lasts
   * `windowMs`; a request after it opens a new one with a count of 1.
   */
  hit(key: string, windowMs: number, now: number): Promise<RateLimitCount>;
  /** The open window's count; null when there is none. */
  get(key: string, now: number): Promise<RateLimitCount | null>;
  /** Takes one request back (a request the limiter was told not to count after all). */
  decrement(key: string): Promise<void>;
  reset(key: string): Promise<void>;
}

/** A payment intent of the built-in test gateway (payments/test-gateway.ts). */
export interface TestIntentRecord {
  id: string;
  clientSecret: string;
  status: string;
  amountCents: number;
  currency: string;
  orderId: string | null;
  /** The invoice on terms this intent pays (its balance by card); absent for an order's. */
  invoiceNumber?: string;
  /** Null once forgotten (after a day, as on Stripe). */
  idempotencyKey: string | null;
  /** Epoch ms. */
  createdAt: number;
}

export interface TestIntentsRepo {
  /** Stores the intent unless its idempotency key is held; answers the intent holding the key. */
  insertOnce(intent: TestIntentRecord): Promise<TestIntentRecord>;
  get(id: string): Promise<TestIntentRecord | null>;
  /**
   * Moves an intent that is neither succeeded nor canceled to `status`, atomically, so two
   * instances cannot both confirm it. Null when it was not open (or is unknown).
   */
  finish(id: string, status: 'succeeded' | 'canceled'): Promise<TestIntentRecord | null>;
  /** Forgets idempotency keys from before `cutoff` and drops unsucceeded intents from before it. */
  forget(cutoff: number): Promise<void>;
}
