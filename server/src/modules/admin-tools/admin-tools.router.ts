import { Router } from 'express';
import type { AppDeps } from '../../deps.js';
import type { ImageStorage } from '../../images/index.js';
import { CreateToolSchema, UpdateToolSchema } from '@toolworks/contract/admin-tools';
import { ToolIdParamsSchema } from '@toolworks/contract/tools';
import { requireAdmin } from '../../auth/index.js';
import { parseBody, parseParams } from '../../lib/validate.js';
import { createAdminToolsService } from './admin-tools.service.js';

/**
 * Add a Tool and Manage Tools (admins only). The guard sits on each route, not on the router,
 * because these paths share the /api router with the public catalogue.
 */
export function adminToolsRouter(
  deps: Pick<AppDeps, 'config' | 'store' | 'logger'> & { now: () => Date; images: ImageStorage },
): Router {
  const tools = createAdminToolsService(deps.store, deps.now, deps);
  const router = Router();
  const adminOnly = requireAdmin(deps);

  router.post('/addtools', adminOnly, async (req, res) => {
    const input = parseBody(CreateToolSchema, req);
    res.status(201).json(await tools.create(input));
  });

  router.put('/tool/:id', adminOnly, async (req, res) => {
    const { id } = parseParams(ToolIdParamsSchema, req);
    const input = parseBody(UpdateToolSchema, req);
    res.json(await tools.update(id, input));
  });

  router.delete('/delete/:id', adminOnly, async (req, res) => {
    const { id } = parseParams(ToolIdParamsSchema, req);
    res.json(await tools.remove(id));
  });

  return router;
}
