import express, { Router } from 'express';
import {
  PriceListIdParamsSchema,
  PriceListImportQuerySchema,
  PricingExplainQuerySchema,
  SavePriceListSchema,
} from '@toolworks/contract/price-lists';
import { ImportCatalogueSchema } from '@toolworks/contract/catalogue-import';
import type { AppDeps } from '../../deps.js';
import { currentUser, requireAdmin, requireUser } from '../../auth/index.js';
import {
  parseBody,
  parseParams,
  parseQuery,
  requireJson,
  requireValidUtf8,
} from '../../lib/validate.js';
import { createPriceListsService } from './price-lists.service.js';

/** A list of 20,000 lines is about 2 MB of JSON, its CSV about 1 MB: more than the API's 100 kB. */
const LIST_BODY_LIMIT = '4mb';

type PriceListsRouterDeps = Pick<AppDeps, 'config' | 'store'> & { now: () => Date };
const fresh = { 'Cache-Control': 'private, no-store' };

/**
 * The price list writes that carry a whole list or its CSV (admins). Mounted before the API's
 * JSON parser, with their own, larger one.
 */
export function priceListUploadsRouter(deps: PriceListsRouterDeps): Router {
  const lists = createPriceListsService(deps);
  const router = Router({ strict: true });
  const adminOnly = requireAdmin(deps);
  const json = [requireJson, express.json({ limit: LIST_BODY_LIMIT, verify: requireValidUtf8 })];
  router.post('/price-lists', adminOnly, ...json, async (req, res) => {
    res.status(201).json(await lists.create(parseBody(SavePriceListSchema, req)));
  });
  router.put('/price-lists/:id', adminOnly, ...json, async (req, res) => {
    const { id } = parseParams(PriceListIdParamsSchema, req);
    res.json(await lists.update(id, parseBody(SavePriceListSchema, req)));
  });
  router.post('/price-lists/:id/import', adminOnly, ...json, async (req, res) => {
    const { id } = parseParams(PriceListIdParamsSchema, req);
    const { dryRun } = parseQuery(PriceListImportQuerySchema, req);
    const { csv } = parseBody(ImportCatalogueSchema, req);
    res.set(fresh).json(await lists.importLines(id, csv, dryRun === 'true'));
  });
  return router;
}

/** Price lists' reads and deletion (admins), and the explanation of a price. */
export function priceListsRouter(deps: PriceListsRouterDeps): Router {
  const lists = createPriceListsService(deps);
  const router = Router({ strict: true });
  const adminOnly = requireAdmin(deps);

  router.get('/price-lists', adminOnly, async (_req, res) => {
    res.set(fresh).json(await lists.list());
  });
  router.get('/price-lists/:id', adminOnly, async (req, res) => {
    res.set(fresh).json(await lists.get(parseParams(PriceListIdParamsSchema, req).id));
  });
  router.delete('/price-lists/:id', adminOnly, async (req, res) => {
    await lists.remove(parseParams(PriceListIdParamsSchema, req).id);
    res.status(204).end();
  });
  router.get('/price-lists/:id/lines.csv', adminOnly, async (req, res) => {
    const { name, csv } = await lists.linesCsv(parseParams(PriceListIdParamsSchema, req).id);
    const file = `${name.replace(/[^A-Za-z0-9-]+/g, '-').replace(/^-|-$/g, '') || 'price-list'}-lines.csv`;
    res
      .status(200)
      .set('Content-Type', 'text/csv; charset=utf-8')
      .set('Content-Disposition', `attachment; filename="${file}"`)
      .set('Cache-Control', 'no-store')
      .send(csv);
  });
  router.get('/pricing/explain', requireUser(deps), async (req, res) => {
    const query = parseQuery(PricingExplainQuerySchema, req);
    res.set(fresh).json(await lists.explain(currentUser(req), query));
  });
  return router;
}
