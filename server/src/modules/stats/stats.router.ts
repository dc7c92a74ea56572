import { Router } from 'express';
import type { AppDeps } from '../../deps.js';
import { requireAdmin } from '../../auth/index.js';
import { createStatsService } from './stats.service.js';

/** The admin overview's figures, computed on request (admins only, so rarely). */
export function statsRouter(deps: Pick<AppDeps, 'config' | 'store'>): Router {
  const stats = createStatsService(deps.store);
  const router = Router();

  router.get('/stats/overview', requireAdmin(deps), async (_req, res) => {
    res.set('Cache-Control', 'no-store').json(await stats.overview());
  });

  return router;
}
