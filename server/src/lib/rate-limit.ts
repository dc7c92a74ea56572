import { rateLimit, type Store as RateLimitStore } from 'express-rate-limit';
import type { RequestHandler } from 'express';
import type { ErrorBody } from '@toolworks/contract/errors';
import type { RateLimitsRepo } from '../store/store.js';

export interface RateLimitOptions {
  /** Names the counter, so each limiter counts apart: `auth`, `payments`, ... */
  name?: string;
  /** Requests allowed per client address in each window. */
  limit: number;
  windowMs?: number;
  /**
   * Where the counts live: the shop's store, so every instance behind a load balancer counts
   * together. Without it (unit tests of a bare router), express-rate-limit's memory store.
   */
  counters?: RateLimitsRepo;
}

const body: ErrorBody = {
  error: { code: 'RATE_LIMITED', message: 'Too many requests; please wait a minute and try again' },
};

/**
 * express-rate-limit's public `Store` interface over the store's counters. The prefix carries
 * the limit and window too: a deployment that changes them starts fresh counts rather than
 * reading counts made under other rules.
 */
export function storeCounters(
  counters: RateLimitsRepo,
  name: string,
  limit: number,
  windowMs: number,
): RateLimitStore {
  const prefix = `${name}:${limit}/${windowMs}:`;
  const info = ({ count, resetAt }: { count: number; resetAt: number }) => ({
    totalHits: count,
    resetTime: new Date(resetAt),
  });
  return {
    prefix,
    localKeys: false,
    async get(key) {
      const found = await counters.get(prefix + key, Date.now());
      return found ? info(found) : undefined;
    },
    async increment(key) {
      return info(await counters.hit(prefix + key, windowMs, Date.now()));
    },
    async decrement(key) {
      await counters.decrement(prefix + key);
    },
    async resetKey(key) {
      await counters.reset(prefix + key);
    },
  };
}

/** A per-client-address limiter answering 429 with the shop's error body. */
export function createRateLimit({
  name = 'requests',
  limit,
  windowMs = 60_000,
  counters,
}: RateLimitOptions): RequestHandler {
  return rateLimit({
    windowMs,
    limit,
    standardHeaders: 'draft-8',
    legacyHeaders: false,
    ...(counters ? { store: storeCounters(counters, name, limit, windowMs) } : {}),
    handler: (_req, res) => {
      res.status(429).json(body);
    },
  });
}
