import { Router } from 'express';
import type { AppDeps } from '../../deps.js';
import {
  FailedDocumentParamsSchema,
  type FailedDocumentWire,
} from '@toolworks/contract/failed-documents';
import { requireAdmin } from '../../auth/index.js';
import { AppError } from '../../lib/app-error.js';
import { parseParams } from '../../lib/validate.js';
import { mailOrderFromRecord } from '../../domain/mail-order.js';
import type { Id } from '../../store/store.js';
import { createInvoiceService } from './invoice-service.js';

/** The order emails a retry completes (the orders module's notifier, structurally). */
interface DocumentMail {
  notifyById(
    event: 'paid' | 'refunded',
    orderId: Id,
    details?: { paidAt?: string; reason?: string },
  ): Promise<unknown>;
}

/** At most this many, newest first: a list for a person to work through, not an archive. */
const LIST_LIMIT = 200;

/**
 * Failed documents (issue 52), admins only: invoices and credit notes not issued because their
 * e-invoice failed the EN 16931 checks, and issuing one again. Registered before the users
 * router, whose `/admin/:email` would otherwise take `/admin/failed-documents`.
 */
export function failedDocumentsRouter(
  deps: Pick<AppDeps, 'config' | 'store' | 'logger' | 'now'> & { notifier?: DocumentMail },
): Router {
  const invoices = createInvoiceService(deps);
  const router = Router();
  const adminOnly = requireAdmin(deps);

  router.get('/admin/failed-documents', adminOnly, async (_req, res) => {
    const records = await deps.store.failedDocuments.list(LIST_LIMIT);
    const orders = await Promise.all(records.map((r) => deps.store.orders.get(r.orderId)));
    const wire = records.map((record, i): FailedDocumentWire => ({
      ...record,
      ...(orders[i] && { orderNumber: mailOrderFromRecord(orders[i]).number }),
    }));
    res.set('Cache-Control', 'private, no-store').json(wire);
  });

  router.post('/admin/failed-documents/:orderId/retry', adminOnly, async (req, res) => {
    const { orderId } = parseParams(FailedDocumentParamsSchema, req);
    const issued = await invoices.retryFailed(orderId);
    if (!issued) throw AppError.notFound('This order has no failed document');
    // The emails the failure held back: the payment's (with its invoice), the refund's.
    for (const { kind } of issued) {
      const order = await deps.store.orders.get(orderId);
      if (!order) continue;
      if (kind === 'invoice' && order.isPaid && order.paidAt)
        await deps.notifier?.notifyById('paid', orderId, { paidAt: order.paidAt });
      if (kind === 'credit-note')
        await deps.notifier?.notifyById('refunded', orderId, {
          ...(order.refundReason && { reason: order.refundReason }),
        });
    }
    res.json({ issued });
  });

  return router;
}
