import { Router } from 'express';
import type { AppDeps } from '../../app.js';
import { DeleteUserParamsSchema, MakeAdminParamsSchema } from '../../contract/users.js';
import { currentUser, requireAdmin } from '../../auth/index.js';
import { parseParams } from '../../lib/validate.js';
import { createUsersService } from './users.service.js';

/**
 * All Users (admins only). `PUT /user/admin/:email` has two path segments after /user, so it can
 * never be taken by the token exchange's one-segment `PUT /user/:email`, nor the other way round.
 */
export function usersRouter(deps: Pick<AppDeps, 'config' | 'store'>): Router {
  const users = createUsersService(deps.store);
  const router = Router();
  const adminOnly = requireAdmin(deps);

  router.get('/users', adminOnly, async (_req, res) => {
    res.json(await users.list());
  });

  router.put('/user/admin/:email', adminOnly, async (req, res) => {
    const { email } = parseParams(MakeAdminParamsSchema, req);
    res.json(await users.makeAdmin(email));
  });

  router.delete('/user/:email', adminOnly, async (req, res) => {
    const { email } = parseParams(DeleteUserParamsSchema, req);
    res.json(await users.remove(currentUser(req), email));
  });

  return router;
}
