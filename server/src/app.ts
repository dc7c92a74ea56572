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
import { CORRECTED_QUERY_HEADER } from '@toolworks/contract/search-headers';
import { compose, type ShopInput, type ShopParts } from './compose.js';
import { adminOrdersRouter } from './modules/admin-orders/index.js';
import { returnsRouter } from './modules/returns/index.js';
import { adminOutboxRouter } from './modules/admin-outbox/index.js';
import { adminToolsRouter } from './modules/admin-tools/index.js';
import { authRouter } from './modules/auth/index.js';
import { cartRouter } from './modules/cart/index.js';
import { catalogueExportRouter, catalogueImportRouter } from './modules/catalogue-io/index.js';
import { categoriesRouter } from './modules/categories/index.js';
import { companiesRouter } from './modules/companies/index.js';
import { failedDocumentsRouter, invoicesRouter } from './modules/invoices/index.js';
import { listsRouter } from './modules/lists/index.js';
import { approvalsRouter, ordersRoutes } from './modules/orders/index.js';
import { paymentsRouter, stripeWebhookRouter } from './modules/payments/index.js';
import { priceListsRouter, priceListWritesRouter } from './modules/price-lists/index.js';
import { profilesRouter } from './modules/profiles/index.js';
import { quickOrderRouter } from './modules/quick-order/index.js';
import { quotesRouter } from './modules/quotes/index.js';
import { reviewsRouter } from './modules/reviews/index.js';
import { statsRouter } from './modules/stats/index.js';
import { resaleCertificateUploadRouter, taxSettingsRouter } from './modules/tax/index.js';
import { taxReportsRouter } from './modules/tax-reports/index.js';
import { testClockRouter } from './modules/test-clock/index.js';
import { toolImageUploadRouter, toolImagesRouter } from './modules/tool-images/index.js';
import { toolsRoutes } from './modules/tools/index.js';
import { usersRouter } from './modules/users/index.js';

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
 * Builds the whole HTTP app without listening: start.ts serves it, tests drive the same listener
 * with supertest. See `ShopApp` for the response cache in front of Express.
 */
export function createApp(given: ShopInput): ShopApp {
  const deps = compose(given);
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
  const orders = ordersRoutes(deps);
  const app = createExpressApp(deps, {
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
  deps: ShopParts,
  { orders, cache, security, crossOrigin, catalogue, readTool }: SharedParts,
): Express {
  const { config, logger } = deps;
  const app = express();
  app.disable('x-powered-by');
  if (config.trustProxy) app.set('trust proxy', trustProxySetting(config.trustProxy));

  app.use(requestLogger(logger));
  app.use(security.middleware);

  const api = express.Router();
  if (crossOrigin) api.use(crossOrigin);
  const { notifier } = deps;
  // Routes that must see the raw body (signed webhooks) belong here, before the JSON parser.
  api.use(stripeWebhookRouter(deps));
  // With its own, larger body parser (a 2,000-line paste), so before the API's.
  api.use(quickOrderRouter(deps));
  // A catalogue import is a few MB: its own body parser too.
  api.use(catalogueImportRouter(deps));
  // A whole price list and its CSV import carry their own body limits.
  api.use(priceListWritesRouter(deps));
  // A photo upload is a raw body of up to 10 MB: before the API's JSON parser too.
  api.use(toolImageUploadRouter(deps));
  // A resale certificate's PDF (up to 5 MB) is a raw body too.
  api.use(resaleCertificateUploadRouter(deps));
  api.use(requireJson, express.json({ limit: JSON_BODY_LIMIT, verify: requireValidUtf8 }));
  api.get('/health', (_req, res) => {
    res.set('Cache-Control', 'no-store').json({ status: 'ok' });
  });
  // Placing orders and filling carts first: the busiest writes then skip matching every other
  // router's routes (the router was a twelfth of an order's CPU). No path of theirs is another's.
  api.use(orders);
  api.use(cartRouter(deps));
  api.use(catalogue);
  api.use(categoriesRouter({ ...deps, cache }));
  api.use(reviewsRouter(deps));
  // Before usersRouter, whose `/admin/:email` would match `/admin/outbox`.
  api.use(adminOutboxRouter(deps));
  // Before usersRouter too (`/admin/returns`).
  api.use(returnsRouter(deps));
  api.use(failedDocumentsRouter(deps));
  api.use(taxSettingsRouter(deps));
  api.use(catalogueExportRouter(deps));
  api.use(authRouter(deps));
  api.use(profilesRouter(deps));
  api.use(usersRouter(deps));
  api.use(paymentsRouter(deps));
  api.use(adminToolsRouter(deps));
  api.use(toolImagesRouter(deps));
  api.use(adminOrdersRouter(deps));
  api.use(statsRouter(deps));
  api.use(taxReportsRouter(deps));
  api.use(invoicesRouter(deps));
  api.use(listsRouter(deps));
  api.use(
    quotesRouter({
      ...deps,
      notifier: deps.quoteNotifier,
      requestApproval: notifier.requestApproval,
    }),
  );
  api.use(approvalsRouter(deps));
  api.use(companiesRouter(deps));
  api.use(priceListsRouter(deps));
  if (deps.testClock) api.use(testClockRouter({ ...deps, testClock: deps.testClock }));
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
