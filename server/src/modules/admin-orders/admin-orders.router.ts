import { Router } from 'express';
import type { AppDeps } from '../../deps.js';
import {
  ExportOrdersQuerySchema,
  ListAllOrdersQuerySchema,
} from '@toolworks/contract/admin-orders';
import {
  FulfilmentParamsSchema,
  RefundOrderSchema,
  ShipOrderSchema,
} from '@toolworks/contract/fulfilment';
import { currentUser, requireAdmin } from '../../auth/index.js';
import { drainedOrClosed } from '../../lib/drained.js';
import { parseBody, parseParams, parseQuery } from '../../lib/validate.js';
import type { PaymentGateway } from '../payments/gateways/index.js';
import type { ExpireDueOrders, OrderNotifier } from '../orders/index.js';
import { createAdminOrdersService } from './admin-orders.service.js';
import { createFulfilmentService } from './fulfilment.service.js';
import { createRefundsService } from '../returns/index.js';
import { exportFileName } from './orders-export.js';
import { shipmentsRouter } from './shipments.router.js';

/** Manage Orders (admins only): every customer's orders found and exported; shipping, delivery and refunds. */
export function adminOrdersRouter(
  deps: Pick<AppDeps, 'config' | 'store' | 'logger'> & {
    payments: PaymentGateway;
    now: () => Date;
    notifier?: OrderNotifier;
    expire: ExpireDueOrders;
  },
): Router {
  const orders = createAdminOrdersService(deps.store, deps.expire, deps.now);
  const fulfilment = createFulfilmentService({ ...deps, refunds: createRefundsService(deps) });
  const router = Router();
  const adminOnly = requireAdmin(deps);
  router.use(shipmentsRouter(deps));

  router.get('/orders', adminOnly, async (req, res) => {
    const query = parseQuery(ListAllOrdersQuerySchema, req);
    const page = await orders.list(query);
    res.set('X-Total-Count', String(page.total)).json(page.items);
  });

  // Streams the rows as the store pages them; `no-store` because it holds customers' details.
  router.get('/orders/export.csv', adminOnly, async (req, res) => {
    const query = parseQuery(ExportOrdersQuerySchema, req);
    const rows = await orders.exportCsv(query);
    res
      .status(200)
      .set('Content-Type', 'text/csv; charset=utf-8')
      .set('Content-Disposition', `attachment; filename="${exportFileName(query, deps.now())}"`)
      .set('Cache-Control', 'no-store');
    for await (const chunk of rows) {
      if (res.destroyed) return;
      // Waits while the socket's buffer is full (or the admin went away) instead of queueing.
      if (!res.write(chunk)) await drainedOrClosed(res);
    }
    res.end();
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
    res.json(await fulfilment.refund(id, reason, currentUser(req).email));
  });

  return router;
}
