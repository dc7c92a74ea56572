import express, { type Router } from 'express';
import type { AppDeps } from '../../app.js';
import type { ResponseCache } from '../../lib/response-cache.js';
import { ListToolsQuerySchema, ToolIdParamsSchema } from '@toolworks/contract/tools';
import { parseParams, parseQuery } from '../../lib/validate.js';
import { createToolsService } from './tools.service.js';

/**
 * The public catalogue: no sign-in needed. Paths are relative to /api. The answers are the
 * same for everyone, so they go through the response cache.
 */
export function toolsRouter(deps: Pick<AppDeps, 'store'> & { cache: ResponseCache }): Router {
  const tools = createToolsService(deps.store);
  const { cache } = deps;
  const router = express.Router();

  router.get(
    '/tools',
    cache.route(async (req, res) => {
      const page = await tools.list(parseQuery(ListToolsQuerySchema, req));
      res.set('X-Total-Count', String(page.total));
      return page.items;
    }),
  );

  router.get(
    '/tool/:id',
    cache.route(async (req) => tools.get(parseParams(ToolIdParamsSchema, req).id)),
  );

  return router;
}
