import express, { type Router } from 'express';
import type { AppDeps } from '../../app.js';
import { ListToolsQuerySchema, ToolIdParamsSchema } from '../../contract/tools.js';
import { parseParams, parseQuery } from '../../lib/validate.js';
import { createToolsService } from './tools.service.js';

/** The public catalogue: no sign-in needed. Paths are relative to /api. */
export function toolsRouter(deps: Pick<AppDeps, 'store'>): Router {
  const tools = createToolsService(deps.store);
  const router = express.Router();

  router.get('/tools', async (req, res) => {
    const query = parseQuery(ListToolsQuerySchema, req);
    const page = await tools.list(query);
    res.set('X-Total-Count', String(page.total)).json(page.items);
  });

  router.get('/tool/:id', async (req, res) => {
    const { id } = parseParams(ToolIdParamsSchema, req);
    res.json(await tools.get(id));
  });

  return router;
}
