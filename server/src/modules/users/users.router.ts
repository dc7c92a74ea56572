import { Router } from 'express';
import type { AppDeps } from '../../deps.js';
import {
  DeleteUserParamsSchema,
  DemoteAdminParamsSchema,
  ListUsersQuerySchema,
  MakeAdminParamsSchema,
  RestoreUserParamsSchema,
} from '@toolworks/contract/users';
import { currentUser, requireAdmin } from '../../auth/index.js';
import type { PaymentGateway } from '../payments/gateways/index.js';
import { parseParams, parseQuery } from '../../lib/validate.js';
import { createUsersService } from './users.service.js';

/**
 * All Users (admins only). `PUT /user/admin/:email` has two path segments after /user, so it can
 * never be taken by the token exchange's one-segment `PUT /user/:email`, nor the other way round;
 * an email always holds an @, so `/user/admin/x` and `/user/x/restore` cannot be confused either.
 */
export function usersRouter(
  deps: Pick<AppDeps, 'config' | 'store' | 'identity' | 'logger'> & { payments: PaymentGateway },
): Router {
  const users = createUsersService(deps);
  const router = Router();
  const adminOnly = requireAdmin(deps);

  router.get('/users', adminOnly, async (req, res) => {
    const { removed, search } = parseQuery(ListUsersQuerySchema, req);
    res.json(await users.list({ removed, search }));
  });

  router.put('/user/admin/:email', adminOnly, async (req, res) => {
    const { email } = parseParams(MakeAdminParamsSchema, req);
    res.json(await users.makeAdmin(email));
  });

  router.delete('/user/admin/:email', adminOnly, async (req, res) => {
    const { email } = parseParams(DemoteAdminParamsSchema, req);
    res.json(await users.demoteAdmin(email));
  });

  router.delete('/user/:email', adminOnly, async (req, res) => {
    const { email } = parseParams(DeleteUserParamsSchema, req);
    res.json(await users.remove(currentUser(req), email));
  });

  router.put('/user/:email/restore', adminOnly, async (req, res) => {
    const { email } = parseParams(RestoreUserParamsSchema, req);
    res.json(await users.restore(email));
  });

  return router;
}
