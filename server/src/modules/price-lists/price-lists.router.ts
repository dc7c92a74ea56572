import express, { Router, type RequestHandler } from 'express';
import {
  ImportPriceListSchema,
  PRICE_LIST_IMPORT_MAX_CHARS,
  PriceListIdParamsSchema,
  PriceListImportQuerySchema,
  PricingExplainQuerySchema,
  SavePriceListSchema,
} from '@toolworks/contract/price-lists';
import type { AppDeps } from '../../deps.js';
import { currentUser, requireAdmin, requireUser } from '../../auth/index.js';
import {
  parseBody,
  parseParams,
  parseQuery,
  requireJson,
  requireValidUtf8,
} from '../../lib/validate.js';
import { priceListCsv, createPriceListImport } from './price-list-csv.js';
import { createPriceListsService } from './price-lists.service.js';
import { createPricingExplain } from './pricing-explain.js';

// A list of 20,000 lines is about 2 MB of JSON; the API's own parser takes 100 kB.
const LIST_BODY_LIMIT = '4mb';
const IMPORT_BODY_LIMIT = `${Math.ceil((PRICE_LIST_IMPORT_MAX_CHARS * 1.1) / 1_000_000)}mb`;

const jsonBody = (limit: string): RequestHandler[] => [
  requireJson,
  express.json({ limit, verify: requireValidUtf8 }),
];

/** The CSV as JSON `{ csv }` (as the catalogue import takes it), or sent as text/csv itself. */
const csvBody: RequestHandler[] = [
  (req, res, next) => (req.is('text/csv') ? next() : requireJson(req, res, next)),
  express.text({ type: 'text/csv', limit: IMPORT_BODY_LIMIT, verify: requireValidUtf8 }),
  express.json({ limit: IMPORT_BODY_LIMIT, verify: requireValidUtf8 }),
  (req, _res, next) => {
    if (typeof req.body === 'string') req.body = { csv: req.body };
    next();
  },
];

function services(deps: Pick<AppDeps, 'config' | 'store' | 'now'>) {
  const now = deps.now ?? (() => new Date());
  // Config keeps Stripe's lower case (`usd`); price lists keep ISO 4217's (`USD`).
  const currency = deps.config.payments.currency.toUpperCase();
  return {
    lists: createPriceListsService(deps.store, currency, now),
    importLines: createPriceListImport(deps.store, now),
    explain: createPricingExplain(deps.store, currency, now),
  };
}

/**
 * Saving a whole price list and importing its CSV (admins): mounted before the API's 100 kB
 * body parser, each with its own limit.
 */
export function priceListWritesRouter(deps: Pick<AppDeps, 'config' | 'store' | 'now'>): Router {
  const { lists, importLines } = services(deps);
  const adminOnly = requireAdmin(deps);
  const router = Router({ strict: true });
  router.post('/price-lists', adminOnly, ...jsonBody(LIST_BODY_LIMIT), async (req, res) => {
    res.status(201).json(await lists.create(parseBody(SavePriceListSchema, req)));
  });
  router.put('/price-lists/:id', adminOnly, ...jsonBody(LIST_BODY_LIMIT), async (req, res) => {
    const { id } = parseParams(PriceListIdParamsSchema, req);
    res.json(await lists.update(id, parseBody(SavePriceListSchema, req)));
  });
  router.post('/price-lists/:id/import', adminOnly, ...csvBody, async (req, res) => {
    const { id } = parseParams(PriceListIdParamsSchema, req);
    const { dryRun } = parseQuery(PriceListImportQuerySchema, req);
    const { csv } = parseBody(ImportPriceListSchema, req);
    res.json(await importLines(id, csv, dryRun));
  });
  return router;
}

/** Reading and deleting price lists (admins), and the price explanation (anyone signed in). */
export function priceListsRouter(deps: Pick<AppDeps, 'config' | 'store' | 'now'>): Router {
  const { lists, explain } = services(deps);
  const adminOnly = requireAdmin(deps);
  const router = Router({ strict: true });
  router.get('/price-lists', adminOnly, async (_req, res) => {
    res.json(await lists.list());
  });
  router.get('/price-lists/:id', adminOnly, async (req, res) => {
    res.json(await lists.get(parseParams(PriceListIdParamsSchema, req).id));
  });
  router.delete('/price-lists/:id', adminOnly, async (req, res) => {
    await lists.remove(parseParams(PriceListIdParamsSchema, req).id);
    res.status(204).end();
  });
  router.get('/price-lists/:id/lines.csv', adminOnly, async (req, res) => {
    const { id } = parseParams(PriceListIdParamsSchema, req);
    const csv = await priceListCsv(deps.store, id);
    res
      .status(200)
      .set('Content-Type', 'text/csv; charset=utf-8')
      .set('Content-Disposition', `attachment; filename="price-list-${id}.csv"`)
      .send(csv);
  });
  router.get('/pricing/explain', requireUser(deps), async (req, res) => {
    res.json(await explain(currentUser(req), parseQuery(PricingExplainQuerySchema, req)));
  });
  return router;
}
