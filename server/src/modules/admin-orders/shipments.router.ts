import { Router } from 'express';
import type { AppDeps } from '../../deps.js';
import { FulfilmentParamsSchema } from '@toolworks/contract/fulfilment';
import {
  CreateShipmentSchema,
  ReceiveBatchSchema,
  ShipmentParamsSchema,
} from '@toolworks/contract/shipments';
import { requireAdmin } from '../../auth/index.js';
import { AppError } from '../../lib/app-error.js';
import { parseBody, parseParams } from '../../lib/validate.js';
import type { OrderNotifier } from '../orders/index.js';
import { createShipmentsService } from './shipments.service.js';
import { renderPackingSlipPdf } from './packing-slip-pdf.js';

/** Partial shipments (issue 53), admins only: ship, deliver per shipment, ready to ship, receive a batch. */
export function shipmentsRouter(
  deps: Pick<AppDeps, 'config' | 'store' | 'logger'> & {
    now: () => Date;
    notifier?: OrderNotifier;
  },
): Router {
  const shipments = createShipmentsService(deps);
  const router = Router();
  const adminOnly = requireAdmin(deps);

  router.get('/admin/orders/ready-to-ship', adminOnly, async (_req, res) => {
    res.json(await shipments.readyToShip());
  });

  router.post('/order/:id/shipments', adminOnly, async (req, res) => {
    const { id } = parseParams(FulfilmentParamsSchema, req);
    const body = parseBody(CreateShipmentSchema, req);
    res.status(201).json(await shipments.ship(id, body, req.get('Idempotency-Key')));
  });

  router.patch('/order/:id/shipments/:shipmentId/deliver', adminOnly, async (req, res) => {
    const { id, shipmentId } = parseParams(ShipmentParamsSchema, req);
    res.json(await shipments.deliver(id, shipmentId));
  });

  router.get('/order/:id/shipments/:shipmentId/packing-slip.pdf', adminOnly, async (req, res) => {
    const { id, shipmentId } = parseParams(ShipmentParamsSchema, req);
    const order = await deps.store.orders.get(id);
    const shipment = order?.shipments?.find((s) => s._id === shipmentId);
    if (!order || !shipment) throw AppError.notFound('Shipment not found');
    const pdf = await renderPackingSlipPdf(order, shipment, {
      name: deps.config.invoice.sellerName,
      address: deps.config.invoice.sellerAddress,
    });
    res
      .set(
        'Content-Disposition',
        `inline; filename="packing-slip-${order.number}-${shipmentId}.pdf"`,
      )
      .set('Cache-Control', 'no-store')
      .type('application/pdf')
      .send(pdf);
  });

  router.post('/tool/:id/batches/receive', adminOnly, async (req, res) => {
    const { id } = parseParams(FulfilmentParamsSchema, req);
    res.json(await shipments.receiveBatch(id, parseBody(ReceiveBatchSchema, req)));
  });

  return router;
}
