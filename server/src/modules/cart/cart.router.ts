import { Router } from 'express';
import type { AppDeps } from '../../deps.js';
import type { ExpireDueOrders } from '../orders/index.js';
import {
  AddCartLinesSchema,
  CartTaxQuerySchema,
  CartToolParamsSchema,
  CheckoutSchema,
  SetCartLineSchema,
} from '@toolworks/contract/cart';
import { currentUser, requireUser } from '../../auth/index.js';
import { createRateLimit } from '../../lib/rate-limit.js';
import { parseBody, parseParams, parseQuery } from '../../lib/validate.js';
import type { PaymentGateway } from '../payments/gateways/index.js';
import { createCartService } from './cart.service.js';

/** The signed-in buyer's own cart and its checkout; nobody else's cart is reachable. */
export function cartRouter(
  deps: Pick<AppDeps, 'config' | 'store' | 'logger'> & {
    payments: PaymentGateway;
    now: () => Date;
    expire: ExpireDueOrders;
  },
): Router {
  const cart = createCartService(deps);
  const router = Router();
  const signedIn = requireUser(deps);
  // Checkout places orders: the same per-minute limit as Buy Now (its own count), before any
  // token check, counted in the store across instances.
  const placeLimit = createRateLimit({
    name: 'checkout',
    limit: deps.config.rateLimits.ordersPerMinute,
    counters: deps.store.rateLimits,
  });

  router.get('/cart', signedIn, async (req, res) => {
    res.set('Cache-Control', 'private, no-store').json(await cart.get(currentUser(req)));
  });
  router.get('/cart/tax', signedIn, async (req, res) => {
    const shipTo = parseQuery(CartTaxQuerySchema, req);
    res.set('Cache-Control', 'private, no-store').json(await cart.tax(currentUser(req), shipTo));
  });
  // Before '/cart/:toolId' routes, so 'lines' is never read as a tool id.
  router.post('/cart/lines', signedIn, async (req, res) => {
    const input = parseBody(AddCartLinesSchema, req);
    res.set('Cache-Control', 'no-store').json(await cart.addLines(currentUser(req), input));
  });
  router.put('/cart/:toolId', signedIn, async (req, res) => {
    const { toolId } = parseParams(CartToolParamsSchema, req);
    const { quantity } = parseBody(SetCartLineSchema, req);
    res.set('Cache-Control', 'no-store').json(await cart.set(currentUser(req), toolId, quantity));
  });
  router.delete('/cart/:toolId', signedIn, async (req, res) => {
    const { toolId } = parseParams(CartToolParamsSchema, req);
    res.set('Cache-Control', 'no-store').json(await cart.remove(currentUser(req), toolId));
  });
  router.post('/checkout', placeLimit, signedIn, async (req, res) => {
    const input = parseBody(CheckoutSchema, req);
    const { order, replayed } = await cart.checkout(
      currentUser(req),
      input,
      req.get('Idempotency-Key'),
    );
    if (replayed) res.set('Idempotent-Replayed', 'true');
    res.status(201).location(`/api/order/${order._id}`).json(order);
  });
  return router;
}
