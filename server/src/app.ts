import express, { type Express } from 'express';
import cors from 'cors';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { errorHandler, notFound } from './lib/error-handler.js';
import { requestLogger } from './lib/request-logger.js';
import { createResponseCache, type ResponseCache } from './lib/response-cache.js';
import { createDirectRoutes } from './lib/direct-routes.js';
import { createDirectPost, JSON_BODY_LIMIT } from './lib/direct-post.js';
import { recordHeaders } from './lib/record-headers.js';
import { securityHeaders, type SecurityHeaders } from './lib/security-headers.js';
import { serveSpa } from './lib/serve-spa.js';
import type { ReadTool } from './lib/tool-page-html.js';
import { requireJson, requireValidUtf8 } from './lib/validate.js';
import {
  catalogueExportRouter,
  catalogueImportRouter,
} from './modules/catalogue-io/catalogue-io.router.js';
import { quickOrderRouter } from './modules/quick-order/quick-order.router.js';
import {
  toolImageUploadRouter,
  toolImagesRouter,
} from './modules/tool-images/tool-images.router.js';
import { createImageStorage } from './images/index.js';
import { CORRECTED_QUERY_HEADER } from '@toolworks/contract/search-headers';
import { toolsRoutes } from './modules/tools/tools.router.js';
import { categoriesRouter } from './modules/categories/categories.router.js';
import { reviewsRouter } from './modules/reviews/reviews.router.js';
import { authRouter } from './modules/auth/auth.router.js';
import { profilesRouter } from './modules/profiles/profiles.router.js';
import { usersRouter } from './modules/users/users.router.js';
import { ordersRoutes } from './modules/orders/orders.router.js';
import { approvalsRouter } from './modules/orders/approvals.router.js';
import { createExpiry } from './modules/orders/index.js';
import { cartRouter } from './modules/cart/cart.router.js';
import { listsRouter } from './modules/lists/lists.router.js';
import { adminToolsRouter } from './modules/admin-tools/admin-tools.router.js';
import { adminOrdersRouter } from './modules/admin-orders/admin-orders.router.js';
import { statsRouter } from './modules/stats/stats.router.js';
import { quotesRouter } from './modules/quotes/quotes.router.js';
import { companiesRouter } from './modules/companies/companies.router.js';
import { createPaymentGateway } from './payments/index.js';
import { paymentsRouter } from './modules/payments/payments.router.js';
import { stripeWebhookRouter } from './modules/payments/webhook.router.js';
import { adminOutboxRouter } from './modules/admin-outbox/admin-outbox.router.js';
import { invoicesRouter } from './modules/invoices/invoices.router.js';
import { testClockRouter } from './modules/test-clock/index.js';
import { createNotifier } from './mail/index.js';
import { createQuoteNotifier } from './mail/quote-notify.js';
import type { AppDeps } from './deps.js';

/**
 * The shop as the server's request listener (`http.createServer(app)`, supertest's `request(app)`):
 * a kept catalogue answer goes out before Express runs at all (its request setup and routing are
 * most of a cached answer's cost, see docs/performance.md), and so does a plain catalogue GET
 * read afresh (lib/direct-routes.ts); everything else is handed to the Express app, called as the
 * plain `(req, res)` function Express documents it to be.
 * `express` is that app, for tools that read its routes (lib/list-routes.ts).
 */
export interface ShopApp {
  (req: IncomingMessage, res: ServerResponse): void;
  readonly express: Express;
}

/**
 * TRUST_PROXY as Express understands it: `true`, a hop count, or a list of addresses/names. The
 * docs ask for addresses (a count lets a client that reaches the port directly pick its own
 * address); a count is still accepted so that an existing deployment keeps starting.
 */
function trustProxySetting(value: string): boolean | number | string {
  if (value === 'true') return true;
  if (value === 'false') return false;
  return /^\d+$/.test(value) ? Number(value) : value;
}

/**
 * What the order routes share: one payment gateway, clock, notifier and expiry. Order changes
 * queue their emails in the store's outbox (start.ts runs the sender); every order route and the
 * Overview end due reservations with the one expiry, and start.ts's sweep passes the same one in.
 */
function orderDepsOf(deps: AppDeps & { now: () => Date }) {
  const { config, logger, now } = deps;
  const payments = deps.payments ?? createPaymentGateway(config, deps.store);
  const notifier = deps.notifier ?? createNotifier({ store: deps.store, config, logger, now });
  const expire =
    deps.expire ??
    createExpiry({
      store: deps.store,
      payments,
      logger,
      now,
      notifier,
      approvalWindowDays: config.orders.approvalWindowDays,
    });
  return { ...deps, payments, now, notifier, expire };
}
type OrderDeps = ReturnType<typeof orderDepsOf>;

/**
 * Builds the whole HTTP app without listening: start.ts serves it, tests drive the same listener
 * with supertest. See `ShopApp` for the response cache in front of Express.
 */
export function createApp(given: AppDeps): ShopApp {
  // One clock for every route and email: the test clock's when there is one.
  const deps = { ...given, now: given.now ?? given.testClock?.now ?? (() => new Date()) };
  const { config, logger } = deps;
  const cache = createResponseCache({
    ttlMs: config.catalogueCacheMs,
    catalogueVersion: () => deps.store.catalogueVersion(),
    logger,
  });
  const security = securityHeaders(config);
  const crossOrigin = config.corsOrigins.length
    ? cors({
        origin: config.corsOrigins,
        exposedHeaders: ['X-Total-Count', 'Idempotent-Replayed', CORRECTED_QUERY_HEADER],
      })
    : undefined;
  const catalogue = toolsRoutes({ ...deps, cache });
  const orderDeps = orderDepsOf(deps);
  const orders = ordersRoutes(orderDeps);
  const app = createExpressApp(deps, {
    orderDeps,
    orders: orders.router,
    cache,
    security,
    crossOrigin,
    catalogue: catalogue.router,
    readTool: catalogue.readTool,
  });
  const apiHeaders = {
    ...Object.fromEntries(security.list),
    // What the API's CORS middleware adds to a same-origin answer (cross-origin goes to Express).
    ...(crossOrigin ? Object.fromEntries(recordHeaders(crossOrigin).set) : {}),
  };
  const etag = app.get('etag fn') as (body: Buffer) => string | undefined;
  const direct = createDirectRoutes({
    routes: catalogue.direct,
    headers: { ...apiHeaders, 'Content-Type': 'application/json; charset=utf-8' },
    parseQuery: app.get('query parser fn') as (search: string) => unknown,
    etag,
    cache,
    logger,
  });
  const directPost = createDirectPost({
    routes: [orders.direct],
    headers: apiHeaders,
    etag,
    trustProxy: app.get('trust proxy fn') as (address: string, hop: number) => boolean,
    app,
    crossOrigin: crossOrigin !== undefined,
    logger,
  });
  // Express's call signature returns `any`; the listener hands over and returns nothing.
  const toExpress = (req: IncomingMessage, res: ServerResponse): void => {
    app(req, res);
  };
  const listener = (req: IncomingMessage, res: ServerResponse) => {
    if (directPost(req, res)) return;
    if (cache.serve(req, res)) return;
    if (!direct(req, res, () => toExpress(req, res))) toExpress(req, res);
  };
  return Object.assign(listener, { express: app });
}

interface SharedParts {
  /** What every order route shares: one gateway, clock, notifier and expiry. */
  orderDeps: OrderDeps;
  /** The orders' routes, placing an order also answered directly by the listener. */
  orders: express.Router;
  cache: ResponseCache;
  security: SecurityHeaders;
  /** The API's CORS middleware, when CORS_ORIGINS allows other sites. */
  crossOrigin: express.RequestHandler | undefined;
  /** The catalogue's routes (GET /tools, /tool/:id), also answered directly by the listener. */
  catalogue: express.Router;
  /** The catalogue's read of one tool, for the tool page's HTML. */
  readTool: ReadTool;
}

/**
 * The one place middleware and routers are registered, in this order: request logging and
 * security headers, the API under /api (JSON only, its own 404), the SPA, the error handler.
 */
function createExpressApp(
  deps: AppDeps,
  { orderDeps, orders, cache, security, crossOrigin, catalogue, readTool }: SharedParts,
): Express {
  const { config, logger } = deps;
  const app = express();
  app.disable('x-powered-by');
  if (config.trustProxy) app.set('trust proxy', trustProxySetting(config.trustProxy));

  app.use(requestLogger(logger));
  app.use(security.middleware);

  const api = express.Router();
  if (crossOrigin) api.use(crossOrigin);
  const { payments, now, notifier } = orderDeps;
  // Routes that must see the raw body (signed webhooks) belong here, before the JSON parser.
  api.use(stripeWebhookRouter(orderDeps));
  // With its own, larger body parser (a 2,000-line paste), so before the API's.
  api.use(quickOrderRouter({ ...deps, now }));
  // A catalogue import is a few MB: its own body parser too.
  api.use(catalogueImportRouter({ ...deps, now }));
  // A photo upload is a raw body of up to 10 MB: before the API's JSON parser too.
  const imageDeps = { ...deps, images: deps.images ?? createImageStorage(config) };
  api.use(toolImageUploadRouter(imageDeps));
  api.use(requireJson, express.json({ limit: JSON_BODY_LIMIT, verify: requireValidUtf8 }));
  api.get('/health', (_req, res) => {
    res.set('Cache-Control', 'no-store').json({ status: 'ok' });
  });
  // Placing orders and filling carts first: the busiest writes then skip matching every other
  // router's routes (the router was a twelfth of an order's CPU). No path of theirs is another's.
  api.use(orders);
  api.use(cartRouter(orderDeps));
  api.use(catalogue);
  api.use(categoriesRouter({ ...deps, cache }));
  api.use(reviewsRouter(deps));
  // Before usersRouter, whose `/admin/:email` would match `/admin/outbox`.
  api.use(adminOutboxRouter(deps));
  api.use(catalogueExportRouter(deps));
  api.use(authRouter(deps));
  api.use(profilesRouter(deps));
  api.use(usersRouter({ ...deps, payments }));
  api.use(paymentsRouter(orderDeps));
  api.use(adminToolsRouter({ ...imageDeps, now }));
  api.use(toolImagesRouter(imageDeps));
  api.use(adminOrdersRouter(orderDeps));
  api.use(statsRouter(orderDeps));
  api.use(invoicesRouter({ ...deps, now }));
  api.use(listsRouter(orderDeps));
  api.use(
    quotesRouter({
      ...deps,
      now,
      notifier: createQuoteNotifier({ ...deps, config, now }),
      requestApproval: notifier.requestApproval,
    }),
  );
  api.use(approvalsRouter(orderDeps));
  api.use(companiesRouter(deps));
  if (deps.testClock) api.use(testClockRouter({ ...orderDeps, testClock: deps.testClock }));
  api.use(notFound);
  app.use('/api', api);

  app.use(
    serveSpa(config, {
      // A store failure leaves the page as it was: the client then asks the API, which says so.
      readTool: (id) =>
        readTool(id).catch((err: unknown) => {
          logger.warn({ err, id }, "a tool page's HTML went out without the tool");
          return undefined;
        }),
    }),
  );
  app.use(notFound);
  app.use(errorHandler);
  return app;
}
