import type { RequestHandler } from 'express';

/**
 * Answers about a person (or proving who they are) are never kept by a browser or proxy cache,
 * errors included. The guards set this for every signed-in route; routes that prove identity
 * another way (the token exchange, Stripe's webhook) put this first.
 */
export const noStore: RequestHandler = (_req, res, next) => {
  res.set('Cache-Control', 'no-store');
  next();
};
