import express, { Router } from 'express';
import type { AppDeps } from '../../deps.js';
import { QuickOrderCheckSchema } from '@toolworks/contract/quick-order';
import { parseBody, requireJson, requireValidUtf8 } from '../../lib/validate.js';
import { createQuickOrderService } from './quick-order.service.js';
import { createPricing, optionalCaller } from '../pricing/index.js';

/**
 * Quick order's check: public, as visitors order into their browser's cart too. Mounted before
 * the API's 100 kB body parser with its own: a 2,000-line paste of long SKUs is about 120 kB.
 */
export function quickOrderRouter(
  deps: Pick<AppDeps, 'store' | 'config'> & { now: () => Date },
): Router {
  const quickOrder = createQuickOrderService(deps.store, deps.now);
  const pricing = createPricing(deps);
  const router = Router();

  router.post(
    '/quick-order/check',
    requireJson,
    express.json({ limit: '300kb', verify: requireValidUtf8 }),
    async (req, res) => {
      const input = parseBody(QuickOrderCheckSchema, req);
      // A signed-in company member sees their contract prices; anyone else the list prices.
      const caller = await optionalCaller(req.get('authorization'), deps);
      const report = await quickOrder.check(input, (skus) => pricing.pricingFor(caller, skus));
      res.set('Cache-Control', 'no-store').json(report);
    },
  );

  return router;
}
