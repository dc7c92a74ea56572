import { Router } from 'express';
import type { AppDeps } from '../../deps.js';
import {
  AnswerQuoteSchema,
  CreateQuoteSchema,
  ListQuotesQuerySchema,
  QuoteIdParamsSchema,
} from '@toolworks/contract/quotes';
import { currentUser, requireAdmin, requireUser } from '../../auth/index.js';
import type { QuoteNotifier } from '../../mail/quote-notify.js';
import { createRateLimit } from '../../lib/rate-limit.js';
import { parseBody, parseParams, parseQuery } from '../../lib/validate.js';
import { createQuotesService } from './quotes.service.js';

/**
 * Requests for quote: buyers ask and accept, admins list and answer. Guards sit on each route
 * because these paths share the /api router with everything else.
 */
export function quotesRouter(
  deps: Pick<AppDeps, 'config' | 'store'> & { notifier?: Pick<QuoteNotifier, 'notifyQuote'> },
): Router {
  const quotes = createQuotesService(deps.store, deps.config.orders, deps.notifier);
  const router = Router();
  const signedIn = requireUser(deps);
  const adminOnly = requireAdmin(deps);
  // Requests and acceptances write and reserve like orders: the same per-minute limit, counted
  // in the store so every instance on the same data counts together.
  const writeLimit = createRateLimit({
    name: 'quotes',
    limit: deps.config.rateLimits.ordersPerMinute,
    counters: deps.store.rateLimits,
  });

  router.post('/quotes', writeLimit, signedIn, async (req, res) => {
    const input = parseBody(CreateQuoteSchema, req);
    const quote = await quotes.request(currentUser(req), input);
    res.status(201).json(quote);
  });

  router.get('/quotes/mine', signedIn, async (req, res) => {
    res.set('Cache-Control', 'private, no-store').json(await quotes.listMine(currentUser(req)));
  });

  router.get('/quotes', adminOnly, async (req, res) => {
    const { status } = parseQuery(ListQuotesQuerySchema, req);
    res.set('Cache-Control', 'private, no-store').json(await quotes.list(status));
  });

  router.patch('/quotes/:id', adminOnly, async (req, res) => {
    const { id } = parseParams(QuoteIdParamsSchema, req);
    const input = parseBody(AnswerQuoteSchema, req);
    res.json(await quotes.answer(id, input));
  });

  router.post('/quotes/:id/accept', writeLimit, signedIn, async (req, res) => {
    const { id } = parseParams(QuoteIdParamsSchema, req);
    const accepted = await quotes.accept(currentUser(req), id);
    res.status(201).location(`/api/order/${accepted.order._id}`).json(accepted);
  });

  return router;
}
