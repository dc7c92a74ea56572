import { Router } from 'express';
import type { AppDeps } from '../../deps.js';
import { ListOutboxQuerySchema, OutboxIdParamsSchema } from '@toolworks/contract/mail';
import { requireAdmin } from '../../auth/index.js';
import { AppError } from '../../lib/app-error.js';
import { pageWindow } from '../../lib/paging.js';
import { parseParams, parseQuery } from '../../lib/validate.js';
import type { OutboxMessage } from '../../store/store.js';
import type { OutboxMessageWire } from '@toolworks/contract/mail';

/** Without the body and the lease: what an admin needs to see why a mail did not go. */
export function toOutboxWire(m: OutboxMessage): OutboxMessageWire {
  return {
    _id: m._id,
    kind: m.kind,
    ...(m.orderId !== undefined && { orderId: m.orderId }),
    to: m.to,
    subject: m.subject,
    status: m.status,
    attempts: m.attempts,
    nextAttemptAt: m.nextAttemptAt,
    ...(m.lastError !== undefined && { lastError: m.lastError }),
    createdAt: m.createdAt,
    ...(m.sentAt !== undefined && { sentAt: m.sentAt }),
  };
}

/**
 * Order emails that could not be sent (admins only), and sending one again. Registered before
 * the users router: `/admin/:email` would otherwise take `/admin/outbox` for an email address.
 */
export function adminOutboxRouter(deps: Pick<AppDeps, 'config' | 'store' | 'now'>): Router {
  const now = deps.now ?? (() => new Date());
  const router = Router();
  const adminOnly = requireAdmin(deps);

  router.get('/admin/outbox', adminOnly, async (req, res) => {
    const query = parseQuery(ListOutboxQuerySchema, req);
    const page = await deps.store.outbox.list({ status: query.status, ...pageWindow(query) });
    res
      .set('Cache-Control', 'private, no-store')
      .set('X-Total-Count', String(page.total))
      .json(page.items.map(toOutboxWire));
  });

  router.post('/admin/outbox/:id/retry', adminOnly, async (req, res) => {
    const { id } = parseParams(OutboxIdParamsSchema, req);
    const result = await deps.store.outbox.retry(id, now().toISOString());
    if (result === null) throw AppError.notFound('Message not found');
    if (result === 'NOT_FAILED') throw AppError.conflict('Only a failed message can be retried');
    res.json(toOutboxWire(result));
  });

  return router;
}
