import { orderTaxContextsFor } from '../tax/index.js';
import { Router, type Request } from 'express';
import { ZodError, type z } from 'zod';
import type { AppDeps } from '../../deps.js';
import {
  AcceptQuoteSchema,
  QuoteTaxQuerySchema,
  AnswerQuoteSchema,
  CreateQuoteSchema,
  ListQuotesQuerySchema,
  QuoteIdParamsSchema,
} from '@toolworks/contract/quotes';
import { currentUser, requireAdmin, requireUser } from '../../auth/index.js';
import type { QuoteNotifier } from './quote-notify.js';
import type { OrderRecord } from '../../store/store.js';
import { createRateLimit } from '../../lib/rate-limit.js';
import { AppError } from '../../lib/app-error.js';
import { parseBody, parseParams, parseQuery } from '../../lib/validate.js';
import { companyQuotes } from './company-quotes.js';
import { createQuotesService } from './quotes.service.js';
import { createPricing } from '../pricing/index.js';

/**
 * The quote forms' messages name their fields in words ("Valid until must be a date"), so the
 * message a person reads is the first one alone, without the wire path (`validUntil: ...`) the
 * shared error handler puts in front; the paths stay in `details` for the forms.
 */
function parseQuoteBody<S extends z.ZodType>(schema: S, req: Request): z.output<S> {
  try {
    return parseBody(schema, req);
  } catch (error) {
    if (!(error instanceof ZodError)) throw error;
    const details = error.issues.map((issue) => ({
      path: issue.path.join('.'),
      message: issue.message,
    }));
    throw AppError.badRequest(details[0]?.message ?? 'Invalid input', details);
  }
}

/**
 * Requests for quote: buyers ask and accept, admins list and answer. Guards sit on each route
 * because these paths share the /api router with everything else.
 */
export function quotesRouter(
  deps: Pick<AppDeps, 'config' | 'store' | 'now' | 'logger'> & {
    notifier?: Pick<QuoteNotifier, 'notifyQuote'>;
    /** An accepted quote's order above the buyer's spending limit waits for their approvers. */
    requestApproval?: (order: OrderRecord) => Promise<unknown>;
  },
): Router {
  const quotes = createQuotesService(
    deps.store,
    deps.config.orders,
    deps.notifier,
    deps.requestApproval,
    createPricing(deps),
    orderTaxContextsFor(deps),
  );
  // The app's clock (a test clock in the browser journeys): an accepted quote's reservation runs
  // from the same time as every other order's and ends by the same expiry.
  const now = deps.now ?? (() => new Date());
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
    const input = parseQuoteBody(CreateQuoteSchema, req);
    const quote = await quotes.request(currentUser(req), input, now());
    res.status(201).json(quote);
  });

  router.get('/quotes/mine', signedIn, async (req, res) => {
    res
      .set('Cache-Control', 'private, no-store')
      .json(await quotes.listMine(currentUser(req), now()));
  });

  router.get('/company/quotes', signedIn, async (req, res) => {
    res
      .set('Cache-Control', 'private, no-store')
      .json(await companyQuotes(deps.store, currentUser(req), now()));
  });

  router.get('/quotes', adminOnly, async (req, res) => {
    const { status } = parseQuery(ListQuotesQuerySchema, req);
    res.set('Cache-Control', 'private, no-store').json(await quotes.list(status, now()));
  });

  router.patch('/quotes/:id', adminOnly, async (req, res) => {
    const { id } = parseParams(QuoteIdParamsSchema, req);
    const input = parseQuoteBody(AnswerQuoteSchema, req);
    res.json(await quotes.answer(id, input, now()));
  });

  router.get('/quotes/:id/tax', signedIn, async (req, res) => {
    const { id } = parseParams(QuoteIdParamsSchema, req);
    const shipTo = parseQuery(QuoteTaxQuerySchema, req);
    res
      .set('Cache-Control', 'private, no-store')
      .json(await quotes.tax(currentUser(req), id, shipTo, now()));
  });
  router.post('/quotes/:id/accept', writeLimit, signedIn, async (req, res) => {
    const { id } = parseParams(QuoteIdParamsSchema, req);
    const input = parseQuoteBody(AcceptQuoteSchema, req);
    const { replayed, ...accepted } = await quotes.accept(
      currentUser(req),
      id,
      input,
      now(),
      req.get('Idempotency-Key'),
    );
    if (replayed) res.set('Idempotent-Replayed', 'true');
    res.status(201).location(`/api/order/${accepted.order._id}`).json(accepted);
  });

  return router;
}
