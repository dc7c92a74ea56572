import { Router, type Request } from 'express';
import {
  CreateRefundSchema,
  DeclineReturnSchema,
  ListReturnsQuerySchema,
  ReceiveReturnSchema,
  RequestReturnSchema,
  ReturnParamsSchema,
} from '@toolworks/contract/returns';
import { OrderIdParamsSchema } from '@toolworks/contract/orders';
import type { AppDeps } from '../../deps.js';
import { currentUser, requireAdmin, requireUser } from '../../auth/index.js';
import { createOrderAccess } from '../../domain/order-access.js';
import { AppError } from '../../lib/app-error.js';
import { parseBody, parseParams, parseQuery } from '../../lib/validate.js';
import type { PaymentGateway } from '../payments/gateways/index.js';
import { createRefundsService } from './refunds.service.js';
import { createReturnsService } from './returns.service.js';

/** Visible ASCII, as Stripe's keys (the orders' Idempotency-Key rule). */
const KEY = /^[\x21-\x7e]{1,255}$/;

const idempotencyKey = (req: Request) => {
  const header = req.get('Idempotency-Key');
  if (header === undefined) return undefined;
  if (!KEY.test(header))
    throw AppError.badRequest('Idempotency-Key must be 1 to 255 visible ASCII characters');
  return header;
};

/**
 * Partial refunds and credits (admin), an order's refunds and credit notes (whoever sees the
 * order), and returns: the buyer's request, the admin's list and steps.
 */
export function returnsRouter(
  deps: Pick<AppDeps, 'config' | 'store' | 'logger'> & {
    payments: PaymentGateway;
    now: () => Date;
  },
): Router {
  const refunds = createRefundsService(deps);
  const returns = createReturnsService({ ...deps, refunds });
  const access = createOrderAccess(deps.store);
  const router = Router();
  const signedIn = requireUser(deps);
  const adminOnly = requireAdmin(deps);

  router.post('/order/:id/refunds', adminOnly, async (req, res) => {
    const { id } = parseParams(OrderIdParamsSchema, req);
    const body = parseBody(CreateRefundSchema, req);
    const key = idempotencyKey(req);
    const made = await refunds.refund(id, body, {
      by: currentUser(req).email,
      ...(key && { idempotencyKey: key }),
    });
    res.status(201).json({
      refund: made.refunds.refunds.find((r) => r._id === made.refund._id),
      status: made.order.status,
      ...made.refunds,
    });
  });

  router.get('/order/:id/refunds', signedIn, async (req, res) => {
    const { id } = parseParams(OrderIdParamsSchema, req);
    const order = await deps.store.orders.get(id);
    if (!order || !(await access.canSee(currentUser(req), order)))
      throw AppError.notFound('Order not found');
    res.set('Cache-Control', 'private, no-store').json(await refunds.summary(order));
  });

  router.post('/order/:id/returns', signedIn, async (req, res) => {
    const { id } = parseParams(OrderIdParamsSchema, req);
    const body = parseBody(RequestReturnSchema, req);
    res.status(201).json(await returns.request(currentUser(req), id, body));
  });

  router.get('/admin/returns', adminOnly, async (req, res) => {
    const { status } = parseQuery(ListReturnsQuerySchema, req);
    res.set('Cache-Control', 'private, no-store').json(await returns.list(status));
  });

  router.post('/returns/:id/approve', adminOnly, async (req, res) => {
    const { id } = parseParams(ReturnParamsSchema, req);
    res.json(await returns.approve(id));
  });

  router.post('/returns/:id/decline', adminOnly, async (req, res) => {
    const { id } = parseParams(ReturnParamsSchema, req);
    const { reason } = parseBody(DeclineReturnSchema, req);
    res.json(await returns.decline(id, reason));
  });

  router.post('/returns/:id/receive', adminOnly, async (req, res) => {
    const { id } = parseParams(ReturnParamsSchema, req);
    const { lines } = parseBody(ReceiveReturnSchema, req);
    res.json(await returns.receive(id, lines));
  });

  router.post('/returns/:id/refund', adminOnly, async (req, res) => {
    const { id } = parseParams(ReturnParamsSchema, req);
    res.json(await returns.refund(currentUser(req), id, idempotencyKey(req)));
  });

  return router;
}
