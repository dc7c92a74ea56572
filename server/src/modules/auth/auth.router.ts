import { Router } from 'express';
import type { AppDeps } from '../../deps.js';
import {
  AdminCheckParamsSchema,
  ExchangeTokenParamsSchema,
  ExchangeTokenSchema,
  type AccessTokenResponse,
  type AdminCheckResponse,
} from '@toolworks/contract/auth';
import { assertSelfOrAdmin, bearerToken, requireUser } from '../../auth/index.js';
import { createRateLimit } from '../../lib/rate-limit.js';
import { noStore } from '../../lib/no-store.js';
import { exchangeToken, isAdminEmail } from './auth.service.js';

export function authRouter(deps: AppDeps): Router {
  const router = Router();
  // Only the token exchange is limited here: it is the call that reaches the sign-in provider.
  const exchangeLimit = createRateLimit({
    name: 'auth',
    limit: deps.config.rateLimits.authPerMinute,
    counters: deps.store.rateLimits,
  });

  router.put('/user/:email', noStore, exchangeLimit, async (req, res) => {
    // Who the caller is comes first: without proof the answer is 401 whatever else is wrong.
    const identity = await deps.identity.verify(bearerToken(req) ?? '');
    const { email } = ExchangeTokenParamsSchema.parse(req.params);
    const { name } = ExchangeTokenSchema.parse(req.body ?? {});
    const answer: AccessTokenResponse = await exchangeToken(deps, { identity, email, name });
    res.json(answer);
  });

  router.get('/admin/:email', requireUser(deps), async (req, res) => {
    const { email } = AdminCheckParamsSchema.parse(req.params);
    assertSelfOrAdmin(req, email);
    const answer: AdminCheckResponse = { admin: await isAdminEmail(deps, email) };
    res.json(answer);
  });

  return router;
}
