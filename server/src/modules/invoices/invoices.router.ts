import { Router } from 'express';
import type { AppDeps } from '../../deps.js';
import { OrderIdParamsSchema } from '@toolworks/contract/orders';
import { currentUser, requireUser } from '../../auth/index.js';
import { AppError } from '../../lib/app-error.js';
import { parseParams } from '../../lib/validate.js';
import { createInvoiceService } from '../../invoices/invoice-service.js';

/** A paid order's invoice as a PDF, for its owner or an admin. */
export function invoicesRouter(deps: Pick<AppDeps, 'config' | 'store'>): Router {
  const invoices = createInvoiceService(deps);
  const router = Router();
  const signedIn = requireUser(deps);

  router.get('/order/:id/invoice.pdf', signedIn, async (req, res) => {
    const { id } = parseParams(OrderIdParamsSchema, req);
    const caller = currentUser(req);
    const order = await deps.store.orders.get(id);
    // Someone else's order answers like a missing one, as GET /order/{id} does.
    if (!order || (caller.role !== 'admin' && order.userEmail !== caller.email.toLowerCase()))
      throw AppError.notFound('Order not found');
    const made = await invoices.pdf(order);
    if (!made) throw AppError.notFound('This order has no invoice: it is not paid');
    res
      .set('Cache-Control', 'private, no-store')
      .set('Content-Disposition', `attachment; filename="${made.invoice.number}.pdf"`)
      .type('application/pdf')
      .send(made.pdf);
  });

  return router;
}
