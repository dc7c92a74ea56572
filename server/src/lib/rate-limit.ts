import { rateLimit, type Store as RateLimitStore } from 'express-rate-limit';
import type { RequestHandler } from 'express';
import type { ErrorBody } from '../contract/errors.js';

export interface RateLimitOptions {
  /** Requests allowed per client address in each window. */
  limit: number;
  windowMs?: number;
  /**
   * Counters live in this process's memory by default, which is right for one instance. Behind a
   * load balancer pass a shared store (e.g. `rate-limit-redis`) so every instance counts together.
   */
  store?: RateLimitStore;
}

const body: ErrorBody = {
  error: { code: 'RATE_LIMITED', message: 'Too many requests; please wait a minute and try again' },
};

/** A per-client-address limiter answering 429 with the shop's error body. */
export function createRateLimit({
  limit,
  windowMs = 60_000,
  store,
}: RateLimitOptions): RequestHandler {
  return rateLimit({
    windowMs,
    limit,
    standardHeaders: 'draft-8',
    legacyHeaders: false,
    ...(store ? { store } : {}),
    handler: (_req, res) => {
      res.status(429).json(body);
    },
  });
}
