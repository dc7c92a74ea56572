import { Router } from 'express';
import type { AppDeps } from '../../deps.js';
import {
  AddListLineSchema,
  CreateListSchema,
  ListIdParamsSchema,
  ListLineParamsSchema,
  RenameListSchema,
  SetListLineSchema,
  ShareListSchema,
} from '@toolworks/contract/lists';
import { currentUser, requireUser } from '../../auth/index.js';
import { parseBody, parseParams } from '../../lib/validate.js';
import type { PaymentGateway } from '../payments/gateways/index.js';
import { createCartService } from '../cart/index.js';
import type { ExpireDueOrders } from '../orders/index.js';
import { createListsService } from './lists.service.js';

/**
 * Saved lists: a signed-in buyer's own, and those colleagues share with the buyer's company
 * (read and add to cart only). Anyone else's, an admin's too, is a 404, as if it did not exist.
 */
export function listsRouter(
  deps: Pick<AppDeps, 'config' | 'store' | 'logger'> & {
    payments: PaymentGateway;
    now: () => Date;
    expire: ExpireDueOrders;
  },
): Router {
  const lists = createListsService({ ...deps, cart: createCartService(deps) });
  // Strict: `/lists/` (an empty id) must not be read as `/lists`, the buyer's lists.
  const router = Router({ strict: true });
  const signedIn = requireUser(deps);
  const fresh = { 'Cache-Control': 'private, no-store' };

  router.get('/lists', signedIn, async (req, res) => {
    res.set(fresh).json(await lists.list(currentUser(req)));
  });
  router.post('/lists', signedIn, async (req, res) => {
    const { name } = parseBody(CreateListSchema, req);
    const list = await lists.create(currentUser(req), name);
    res.status(201).location(`/api/lists/${list._id}`).set(fresh).json(list);
  });
  router.get('/lists/:id', signedIn, async (req, res) => {
    const { id } = parseParams(ListIdParamsSchema, req);
    res.set(fresh).json(await lists.get(currentUser(req), id));
  });
  router.patch('/lists/:id', signedIn, async (req, res) => {
    const { id } = parseParams(ListIdParamsSchema, req);
    const { name } = parseBody(RenameListSchema, req);
    res.set(fresh).json(await lists.rename(currentUser(req), id, name));
  });
  router.delete('/lists/:id', signedIn, async (req, res) => {
    const { id } = parseParams(ListIdParamsSchema, req);
    await lists.remove(currentUser(req), id);
    res.status(204).end();
  });
  router.put('/lists/:id/sharing', signedIn, async (req, res) => {
    const { id } = parseParams(ListIdParamsSchema, req);
    const { shared } = parseBody(ShareListSchema, req);
    res.set(fresh).json(await lists.share(currentUser(req), id, shared));
  });
  router.post('/lists/:id/lines', signedIn, async (req, res) => {
    const { id } = parseParams(ListIdParamsSchema, req);
    const line = parseBody(AddListLineSchema, req);
    res.set(fresh).json(await lists.addLine(currentUser(req), id, line));
  });
  router.patch('/lists/:id/lines/:toolId', signedIn, async (req, res) => {
    const { id, toolId } = parseParams(ListLineParamsSchema, req);
    const { quantity } = parseBody(SetListLineSchema, req);
    res.set(fresh).json(await lists.setLine(currentUser(req), id, toolId, quantity));
  });
  router.delete('/lists/:id/lines/:toolId', signedIn, async (req, res) => {
    const { id, toolId } = parseParams(ListLineParamsSchema, req);
    res.set(fresh).json(await lists.removeLine(currentUser(req), id, toolId));
  });
  router.post('/lists/:id/cart', signedIn, async (req, res) => {
    const { id } = parseParams(ListIdParamsSchema, req);
    res.set(fresh).json(await lists.toCart(currentUser(req), id));
  });
  return router;
}
