import { Router } from 'express';
import { OrderIdParamsSchema, RejectOrderSchema } from '@toolworks/contract/orders';
import type { AppDeps } from '../../deps.js';
import { currentUser, requireUser } from '../../auth/index.js';
import { parseBody, parseParams } from '../../lib/validate.js';
import { createApprovalsService } from './approvals.service.js';
import type { ExpireDueOrders, OrderNotifier } from './expiry.js';

/**
 * Approvals and company orders (trade accounts): `/company/approvals` and `/company/orders` for
 * the caller's own company, `/order/{id}/approve|reject` for one of its orders.
 */
export function approvalsRouter(
  deps: Pick<AppDeps, 'config' | 'store' | 'logger'> & {
    now: () => Date;
    expire: ExpireDueOrders;
    notifier?: Pick<OrderNotifier, 'notifyById'>;
  },
): Router {
  const approvals = createApprovalsService({
    ...deps,
    reservationMinutes: deps.config.orders.reservationMinutes,
  });
  const router = Router();
  const signedIn = requireUser(deps);
  const noStore = 'private, no-store';

  router.get('/company/approvals', signedIn, async (req, res) => {
    res.set('Cache-Control', noStore).json(await approvals.awaiting(currentUser(req)));
  });
  router.get('/company/orders', signedIn, async (req, res) => {
    res.set('Cache-Control', noStore).json(await approvals.companyOrders(currentUser(req)));
  });
  router.post('/order/:id/approve', signedIn, async (req, res) => {
    const { id } = parseParams(OrderIdParamsSchema, req);
    res.json(await approvals.approve(currentUser(req), id));
  });
  router.post('/order/:id/reject', signedIn, async (req, res) => {
    const { id } = parseParams(OrderIdParamsSchema, req);
    const { reason } = parseBody(RejectOrderSchema, req);
    res.json(await approvals.reject(currentUser(req), id, reason));
  });

  return router;
}
