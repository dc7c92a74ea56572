import express, { type Express } from 'express';
import cors from 'cors';
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { Config } from './config.js';
import type { Store } from './store/store.js';
import type { Logger } from './lib/logger.js';
import type { IdentityVerifier } from './auth/index.js';
import { errorHandler, notFound } from './lib/error-handler.js';
import { requestLogger } from './lib/request-logger.js';
import { createResponseCache } from './lib/response-cache.js';
import { securityHeaders } from './lib/security-headers.js';
import { serveSpa } from './lib/serve-spa.js';
import { requireJson, requireValidUtf8 } from './lib/validate.js';
import { toolsRouter } from './modules/tools/tools.router.js';
import { reviewsRouter } from './modules/reviews/reviews.router.js';
import { authRouter } from './modules/auth/auth.router.js';
import { profilesRouter } from './modules/profiles/profiles.router.js';
import { usersRouter } from './modules/users/users.router.js';
import { ordersRouter } from './modules/orders/orders.router.js';
import { adminToolsRouter } from './modules/admin-tools/admin-tools.router.js';
import { adminOrdersRouter } from './modules/admin-orders/admin-orders.router.js';
import { statsRouter } from './modules/stats/stats.router.js';
import { quotesRouter } from './modules/quotes/quotes.router.js';
import { createPaymentGateway, type PaymentGateway } from './payments/index.js';
import { paymentsRouter } from './modules/payments/payments.router.js';
import { stripeWebhookRouter } from './modules/payments/webhook.router.js';

export interface AppDeps {
  config: Config;
  store: Store;
  logger: Logger;
  /** Proves sign-ins (Firebase) for the token exchange. */
  identity: IdentityVerifier;
  /** The card gateway; by default the one the config selects (Stripe, else the test gateway). */
  payments?: PaymentGateway;
}

type ExpressDispatch = (
  req: IncomingMessage,
  res: ServerResponse,
  next?: (err?: unknown) => void,
) => void;

/** TRUST_PROXY as Express understands it: `true`, a hop count, or a list of addresses/names. */
function trustProxySetting(value: string): boolean | number | string {
  if (value === 'true') return true;
  if (value === 'false') return false;
  return /^\d+$/.test(value) ? Number(value) : value;
}

/**
 * Builds the whole HTTP app without listening, so tests can drive it with supertest.
 * The one place middleware and routers are registered, in this order: request logging and
 * security headers, the API under /api (JSON only, its own 404), the SPA, the error handler.
 */
export function createApp(deps: AppDeps): Express {
  const { config, logger } = deps;
  const app = express();
  app.disable('x-powered-by');
  const cache = createResponseCache({
    ttlMs: config.catalogueCacheMs,
    catalogueVersion: () => deps.store.catalogueVersion(),
    logger,
  });
  // Cached catalogue answers go out before Express's request setup and routing: an Express app
  // is a function that calls `app.handle` (untyped), so servers and supertest both take this path.
  const dispatch = app as unknown as { handle: ExpressDispatch };
  const handle = dispatch.handle.bind(app);
  dispatch.handle = (req, res, next) => {
    if (!cache.serve(req, res)) handle(req, res, next);
  };
  if (config.trustProxy) app.set('trust proxy', trustProxySetting(config.trustProxy));

  app.use(requestLogger(logger));
  app.use(securityHeaders(config));

  const api = express.Router();
  if (config.corsOrigins.length) {
    api.use(cors({ origin: config.corsOrigins, exposedHeaders: ['X-Total-Count'] }));
  }
  // Routes that must see the raw body (signed webhooks) belong here, before the JSON parser.
  const payments = deps.payments ?? createPaymentGateway(config);
  api.use(stripeWebhookRouter({ ...deps, payments }));
  api.use(requireJson, express.json({ limit: '100kb', verify: requireValidUtf8 }));
  api.get('/health', (_req, res) => {
    res.set('Cache-Control', 'no-store').json({ status: 'ok' });
  });
  api.use(toolsRouter({ ...deps, cache }));
  api.use(reviewsRouter(deps));
  api.use(authRouter(deps));
  api.use(profilesRouter(deps));
  api.use(usersRouter(deps));
  api.use(ordersRouter({ ...deps, payments }));
  api.use(paymentsRouter({ ...deps, payments }));
  api.use(adminToolsRouter(deps));
  api.use(adminOrdersRouter(deps));
  api.use(statsRouter(deps));
  api.use(quotesRouter(deps));
  api.use(notFound);
  app.use('/api', api);

  app.use(serveSpa(config));
  app.use(notFound);
  app.use(errorHandler);
  return app;
}
