import express, { Router } from 'express';
import type { AppDeps } from '../../deps.js';
import {
  ImportCatalogueQuerySchema,
  ImportCatalogueSchema,
} from '@toolworks/contract/catalogue-import';
import { requireAdmin } from '../../auth/index.js';
import { drainedOrClosed } from '../../lib/drained.js';
import { parseBody, parseQuery, requireJson, requireValidUtf8 } from '../../lib/validate.js';
import { catalogueCsv } from './catalogue-export.js';
import { createCatalogueImportService } from './catalogue-import.service.js';

/**
 * The catalogue as CSV (admins). Mounted among the API's routes, after its body parser, and
 * before usersRouter, whose `/admin/:email` would match `/admin/catalogue.csv`.
 */
export function catalogueExportRouter(deps: Pick<AppDeps, 'config' | 'store'>): Router {
  const router = Router();
  router.get('/admin/catalogue.csv', requireAdmin(deps), async (_req, res) => {
    const day = new Date().toISOString().slice(0, 10);
    res
      .status(200)
      .set('Content-Type', 'text/csv; charset=utf-8')
      .set('Content-Disposition', `attachment; filename="catalogue-${day}.csv"`)
      .set('Cache-Control', 'no-store');
    for await (const chunk of catalogueCsv(deps.store)) {
      if (res.destroyed) return;
      if (!res.write(chunk)) await drainedOrClosed(res);
    }
    res.end();
  });
  return router;
}

/**
 * Catalogue import (admins). Mounted before the API's 100 kB body parser with its own: a
 * 10,000-row file is a few MB of CSV, sent as JSON `{ csv }`.
 */
export function catalogueImportRouter(
  deps: Pick<AppDeps, 'config' | 'store'> & { now: () => Date },
): Router {
  const imports = createCatalogueImportService(deps.store, deps.now);
  const router = Router();
  router.post(
    '/admin/catalogue/import',
    requireAdmin(deps),
    requireJson,
    express.json({ limit: '13mb', verify: requireValidUtf8 }),
    async (req, res) => {
      const { dryRun } = parseQuery(ImportCatalogueQuerySchema, req);
      const { csv } = parseBody(ImportCatalogueSchema, req);
      res.set('Cache-Control', 'no-store').json(await imports.run(csv, dryRun));
    },
  );
  return router;
}
