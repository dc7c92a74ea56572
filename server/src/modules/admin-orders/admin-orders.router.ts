import { Router } from 'express';
import type { AppDeps } from '../../app.js';
import { ListAllOrdersQuerySchema, ShipOrderParamsSchema } from '@toolworks/contract/admin-orders';
import { requireAdmin } from '../../auth/index.js';
import { parseParams, parseQuery } from '../../lib/validate.js';
import type { PaymentGateway } from '../../payments/index.js';
import { createExpiry, type OrderNotifier } from '../orders/expiry.js';
import { createAdminOrdersService } from './admin-orders.service.js';

/** Manage Orders (admins only): every customer's orders, and shipping the paid ones. */
export function adminOrdersRouter(
  deps: Pick<AppDeps, 'config' | 'store' | 'logger'> & {
    payments: PaymentGateway;
    now: () => Date;
    notifier?: OrderNotifier;
  },
): Router {
  const orders = createAdminOrdersService(deps.store, createExpiry(deps), deps.notifier);
  const router = Router();
  const adminOnly = requireAdmin(deps);

  router.get('/orders', adminOnly, async (req, res) => {
    const query = parseQuery(ListAllOrdersQuerySchema, req);
    const page = await orders.list(query);
    res.set('X-Total-Count', String(page.total)).json(page.items);
  });

  router.patch('/order/:id/ship', adminOnly, async (req, res) => {
    const { id } = parseParams(ShipOrderParamsSchema, req);
    res.json(await orders.ship(id));
  });

  return router;
}
