import { Router } from 'express';
import type { AppDeps } from '../../deps.js';
import { requireAdmin } from '../../auth/index.js';
import type { ExpireDueOrders } from '../orders/index.js';
import { createStatsService } from './stats.service.js';

/** The admin overview's figures, computed on request (admins only, so rarely). */
export function statsRouter(
  deps: Pick<AppDeps, 'config' | 'store' | 'now'> & { expire: ExpireDueOrders },
): Router {
  const stats = createStatsService(deps.store, deps.now);
  // As Manage Orders does before it counts: a reservation that ran out is an expired order, not
  // an unpaid one, on both screens.
  const { expire } = deps;
  const router = Router();

  router.get('/stats/overview', requireAdmin(deps), async (_req, res) => {
    await expire();
    res.set('Cache-Control', 'no-store').json(await stats.overview());
  });

  return router;
}
