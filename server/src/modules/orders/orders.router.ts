import { Router } from 'express';
import type { AppDeps } from '../../deps.js';
import type { ExpireDueOrders } from './expiry.js';
import {
  CreateOrderSchema,
  MyOrdersParamsSchema,
  OrderIdParamsSchema,
} from '@toolworks/contract/orders';
import {
  assertSelfOrAdmin,
  authenticateBearer,
  currentUser,
  requireUser,
  SIGNED_IN_CACHE_CONTROL,
} from '../../auth/index.js';
import type { DirectPostRoute } from '../../lib/direct-post.js';
import { createRateLimit } from '../../lib/rate-limit.js';
import { parseBody, parseParams } from '../../lib/validate.js';
import type { PaymentGateway } from '../payments/gateways/index.js';
import { createOrdersService } from './orders.service.js';

/**
 * Placing, reading and cancelling orders. Every call needs a signed-in user; an order is seen
 * and cancelled only by its owner or an admin. (Paying is `PATCH /order/:id` in the payments
 * module; the admin listing lives in the admin module.) `direct` is placing an order as the
 * request listener answers it before Express (lib/direct-post.ts): the same limiter, guard and
 * work; `router` answers everything, including what the direct route does not take.
 */
export function ordersRoutes(
  deps: Pick<AppDeps, 'config' | 'store' | 'logger'> & {
    payments: PaymentGateway;
    now: () => Date;
    expire: ExpireDueOrders;
  },
): { router: Router; direct: DirectPostRoute } {
  const orders = createOrdersService(deps);
  const router = Router();
  const signedIn = requireUser(deps);
  // Before the guard, so a flood is turned away without a token check. Counted in the store, so
  // every instance on the same data counts together.
  const placeLimit = createRateLimit({
    name: 'orders',
    limit: deps.config.rateLimits.ordersPerMinute,
    counters: deps.store.rateLimits,
  });

  router.post('/addOrderItem', placeLimit, signedIn, async (req, res) => {
    const input = parseBody(CreateOrderSchema, req);
    const { order, replayed } = await orders.place(
      currentUser(req),
      input,
      req.get('Idempotency-Key'),
    );
    if (replayed) res.set('Idempotent-Replayed', 'true');
    res.status(201).location(`/api/order/${order._id}`).json(order);
  });
  const direct: DirectPostRoute = {
    path: '/api/addOrderItem',
    limiter: placeLimit,
    async answer(body, request) {
      // What requireUser, parseBody and the route above do, in their order.
      request.setHeader('Cache-Control', SIGNED_IN_CACHE_CONTROL);
      const caller = await authenticateBearer(request.authorization, deps);
      const { order, replayed } = await orders.place(
        caller,
        CreateOrderSchema.parse(body),
        request.idempotencyKey,
      );
      const location = { Location: `/api/order/${order._id}` };
      const headers = replayed ? { ...location, 'Idempotent-Replayed': 'true' } : location;
      return { status: 201, headers, body: order };
    },
  };

  router.get('/myOrders/:email', signedIn, async (req, res) => {
    const { email } = parseParams(MyOrdersParamsSchema, req);
    assertSelfOrAdmin(req, email);
    res.set('Cache-Control', 'private, no-store').json(await orders.listFor(email));
  });

  router.get('/order/:id', signedIn, async (req, res) => {
    const { id } = parseParams(OrderIdParamsSchema, req);
    res.set('Cache-Control', 'private, no-store').json(await orders.get(currentUser(req), id));
  });

  router.delete('/order/:id', signedIn, async (req, res) => {
    const { id } = parseParams(OrderIdParamsSchema, req);
    res.json(await orders.cancel(currentUser(req), id));
  });

  return { router, direct };
}
