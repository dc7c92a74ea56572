import { Router } from 'express';
import type { AppDeps } from '../../app.js';
import { ListAllOrdersQuerySchema } from '@toolworks/contract/admin-orders';
import {
  FulfilmentParamsSchema,
  RefundOrderSchema,
  ShipOrderSchema,
} from '@toolworks/contract/fulfilment';
import { requireAdmin } from '../../auth/index.js';
import { parseBody, parseParams, parseQuery } from '../../lib/validate.js';
import type { PaymentGateway } from '../../payments/index.js';
import { createExpiry, type OrderNotifier } from '../orders/expiry.js';
import { createAdminOrdersService } from './admin-orders.service.js';
import { createFulfilmentService } from './fulfilment.service.js';

/** Manage Orders (admins only): every customer's orders; shipping, delivery and refunds. */
export function adminOrdersRouter(
  deps: Pick<AppDeps, 'config' | 'store' | 'logger'> & {
    payments: PaymentGateway;
    now: () => Date;
    notifier?: OrderNotifier;
  },
): Router {
  const orders = createAdminOrdersService(deps.store, createExpiry(deps));
  const fulfilment = createFulfilmentService(deps);
  const router = Router();
  const adminOnly = requireAdmin(deps);

  router.get('/orders', adminOnly, async (req, res) => {
    const query = parseQuery(ListAllOrdersQuerySchema, req);
    const page = await orders.list(query);
    res.set('X-Total-Count', String(page.total)).json(page.items);
  });

  router.patch('/order/:id/ship', adminOnly, async (req, res) => {
    const { id } = parseParams(FulfilmentParamsSchema, req);
    res.json(await fulfilment.ship(id, parseBody(ShipOrderSchema, req)));
  });

  router.patch('/order/:id/deliver', adminOnly, async (req, res) => {
    const { id } = parseParams(FulfilmentParamsSchema, req);
    res.json(await fulfilment.deliver(id));
  });

  router.post('/order/:id/refund', adminOnly, async (req, res) => {
    const { id } = parseParams(FulfilmentParamsSchema, req);
    const { reason } = parseBody(RefundOrderSchema, req);
    res.json(await fulfilment.refund(id, reason));
  });

  return router;
}
