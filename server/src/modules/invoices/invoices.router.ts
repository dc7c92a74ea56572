import { Router, type Request, type Response } from 'express';
import type { AppDeps } from '../../deps.js';
import { OrderIdParamsSchema } from '@toolworks/contract/orders';
import { currentUser, requireUser } from '../../auth/index.js';
import { AppError } from '../../lib/app-error.js';
import { parseParams } from '../../lib/validate.js';
import { createOrderAccess } from '../orders/index.js';
import { createInvoiceService, type MadePdf } from '../../invoices/invoice-service.js';

/**
 * A paid order's invoice and a refunded order's credit note as PDFs, for its owner, an admin, or
 * an approver or company-admin of the company it was placed for.
 */
export function invoicesRouter(deps: Pick<AppDeps, 'config' | 'store'>): Router {
  const invoices = createInvoiceService(deps);
  const access = createOrderAccess(deps.store);
  const router = Router();
  const signedIn = requireUser(deps);

  const callersOrder = async (req: Request) => {
    const { id } = parseParams(OrderIdParamsSchema, req);
    const caller = currentUser(req);
    const order = await deps.store.orders.get(id);
    // Someone else's order answers like a missing one, as GET /order/{id} does; the approvers
    // and company-admins of a member's company see its orders' documents too.
    if (!order || !(await access.canSee(caller, order))) throw AppError.notFound('Order not found');
    return order;
  };

  const sendPdf = (res: Response, made: MadePdf) =>
    res
      .set('Cache-Control', 'private, no-store')
      .set('Content-Disposition', `attachment; filename="${made.number}.pdf"`)
      .type('application/pdf')
      .send(made.pdf);

  router.get('/order/:id/invoice.pdf', signedIn, async (req, res) => {
    const made = await invoices.invoicePdf(await callersOrder(req));
    if (!made) throw AppError.notFound('This order has no invoice: it is not paid');
    sendPdf(res, made);
  });

  router.get('/order/:id/credit-note.pdf', signedIn, async (req, res) => {
    const made = await invoices.creditNotePdf(await callersOrder(req));
    if (!made) throw AppError.notFound('This order has no credit note: it is not refunded');
    sendPdf(res, made);
  });

  return router;
}
