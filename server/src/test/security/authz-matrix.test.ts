import request from 'supertest';
import Stripe from 'stripe';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { listRoutes } from '../../lib/list-routes.js';
import {
  createWorld,
  paidOrder,
  placeOrder,
  ROLES,
  signInCustomers,
  STRIPE_WEBHOOK_SECRET,
  succeededEvent,
  type Role,
  type World,
} from './authz-fixtures.js';
import { requests, type Scene } from './authz-requests.js';

/**
 * Who may call what (docs/api.md, "who"), for every API route. Each cell is
 * the status when that caller sends a request valid in every way but the permission, about
 * customer A's things (A's email, A's order): anonymous (no token), A, another customer B, an
 * admin. Denials: 401 without a token, 403 for the wrong role or someone else's email, 404 for
 * someone else's order (it is not theirs to know about). Rows are checked against the routes
 * the app really has, both ways.
 */
type Row = { route: string } & Record<Role, number>;

// One line per route, columns aligned: easier to read as a table than as prettier lays it out.
// prettier-ignore
const matrix: Row[] = [
  // Anyone.
  { route: 'GET /api/health',                 anonymous: 200, customerA: 200, customerB: 200, admin: 200 },
  { route: 'GET /api/tools',                  anonymous: 200, customerA: 200, customerB: 200, admin: 200 },
  { route: 'GET /api/tools/suggest',          anonymous: 200, customerA: 200, customerB: 200, admin: 200 },
  { route: 'GET /api/tool/:id',               anonymous: 200, customerA: 200, customerB: 200, admin: 200 },
  { route: 'GET /api/images/:toolId/:file',   anonymous: 200, customerA: 200, customerB: 200, admin: 200 },
  { route: 'GET /api/tool/by-sku/:sku',       anonymous: 200, customerA: 200, customerB: 200, admin: 200 },
  { route: 'GET /api/allReviews',             anonymous: 200, customerA: 200, customerB: 200, admin: 200 },
  { route: 'GET /api/categories',             anonymous: 200, customerA: 200, customerB: 200, admin: 200 },
  { route: 'GET /api/tool/:id/reviews',       anonymous: 200, customerA: 200, customerB: 200, admin: 200 },
  { route: 'GET /api/payments/config',        anonymous: 200, customerA: 200, customerB: 200, admin: 200 },
  // A Firebase ID token of the person whose email it is (each caller sends their own).
  { route: 'PUT /api/user/:email',            anonymous: 401, customerA: 200, customerB: 403, admin: 403 },
  // The owner, or an admin.
  { route: 'GET /api/admin/:email',           anonymous: 401, customerA: 200, customerB: 403, admin: 200 },
  { route: 'GET /api/userDetails/:email',     anonymous: 401, customerA: 200, customerB: 403, admin: 200 },
  { route: 'GET /api/myOrders/:email',        anonymous: 401, customerA: 200, customerB: 403, admin: 200 },
  { route: 'GET /api/order/:id',              anonymous: 401, customerA: 200, customerB: 404, admin: 200 },
  { route: 'DELETE /api/order/:id',           anonymous: 401, customerA: 200, customerB: 404, admin: 200 },
  { route: 'GET /api/order/:id/invoice.pdf',  anonymous: 401, customerA: 200, customerB: 404, admin: 200 },
  { route: 'GET /api/order/:id/credit-note.pdf', anonymous: 401, customerA: 200, customerB: 404, admin: 200 },
  { route: 'GET /api/order/:id/invoice.xml',  anonymous: 401, customerA: 200, customerB: 404, admin: 200 },
  { route: 'GET /api/order/:id/credit-note.xml', anonymous: 401, customerA: 200, customerB: 404, admin: 200 },
  // The owner only: details are saved as oneself, and admins pay only for their own orders.
  { route: 'POST /api/addUser',               anonymous: 401, customerA: 200, customerB: 403, admin: 403 },
  { route: 'POST /api/create-payment-intent', anonymous: 401, customerA: 200, customerB: 404, admin: 404 },
  { route: 'POST /api/payments/test/confirm', anonymous: 401, customerA: 200, customerB: 404, admin: 404 },
  { route: 'PATCH /api/order/:id',            anonymous: 401, customerA: 200, customerB: 404, admin: 404 },
  // Any signed-in user, as themselves.
  { route: 'POST /api/addOrderItem',          anonymous: 401, customerA: 201, customerB: 201, admin: 201 },
  { route: 'POST /api/addReview',             anonymous: 401, customerA: 201, customerB: 201, admin: 201 },
  // Any signed-in user, on their own cart: there is no way to name someone else's.
  { route: 'GET /api/cart',                   anonymous: 401, customerA: 200, customerB: 200, admin: 200 },
  { route: 'GET /api/cart/tax',               anonymous: 401, customerA: 200, customerB: 200, admin: 200 },
  { route: 'POST /api/cart/lines',            anonymous: 401, customerA: 200, customerB: 200, admin: 200 },
  { route: 'POST /api/quick-order/check',     anonymous: 200, customerA: 200, customerB: 200, admin: 200 },
  { route: 'PUT /api/cart/:toolId',           anonymous: 401, customerA: 200, customerB: 200, admin: 200 },
  { route: 'DELETE /api/cart/:toolId',        anonymous: 401, customerA: 200, customerB: 200, admin: 200 },
  { route: 'POST /api/checkout',              anonymous: 401, customerA: 201, customerB: 201, admin: 201 },
  // Saved lists: each buyer's own; anyone else's (an admin's too) is a 404, as if none existed.
  { route: 'GET /api/lists',                  anonymous: 401, customerA: 200, customerB: 200, admin: 200 },
  { route: 'POST /api/lists',                 anonymous: 401, customerA: 201, customerB: 201, admin: 201 },
  { route: 'GET /api/lists/:id',              anonymous: 401, customerA: 200, customerB: 404, admin: 404 },
  { route: 'PATCH /api/lists/:id',            anonymous: 401, customerA: 200, customerB: 404, admin: 404 },
  { route: 'DELETE /api/lists/:id',           anonymous: 401, customerA: 204, customerB: 404, admin: 404 },
  { route: 'PUT /api/lists/:id/sharing',      anonymous: 401, customerA: 200, customerB: 404, admin: 404 },
  { route: 'POST /api/lists/:id/lines',       anonymous: 401, customerA: 200, customerB: 404, admin: 404 },
  { route: 'PATCH /api/lists/:id/lines/:toolId', anonymous: 401, customerA: 200, customerB: 404, admin: 404 },
  { route: 'DELETE /api/lists/:id/lines/:toolId', anonymous: 401, customerA: 200, customerB: 404, admin: 404 },
  { route: 'POST /api/lists/:id/cart',        anonymous: 401, customerA: 200, customerB: 404, admin: 404 },
  // Admins only (A promoting or removing themselves included).
  { route: 'GET /api/users',                  anonymous: 401, customerA: 403, customerB: 403, admin: 200 },
  { route: 'PUT /api/user/admin/:email',      anonymous: 401, customerA: 403, customerB: 403, admin: 200 },
  { route: 'DELETE /api/user/admin/:email',   anonymous: 401, customerA: 403, customerB: 403, admin: 200 },
  { route: 'PUT /api/user/:email/restore',    anonymous: 401, customerA: 403, customerB: 403, admin: 200 },
  { route: 'DELETE /api/user/:email',         anonymous: 401, customerA: 403, customerB: 403, admin: 200 },
  { route: 'POST /api/addtools',              anonymous: 401, customerA: 403, customerB: 403, admin: 201 },
  { route: 'PUT /api/tool/:id',               anonymous: 401, customerA: 403, customerB: 403, admin: 200 },
  { route: 'DELETE /api/delete/:id',          anonymous: 401, customerA: 403, customerB: 403, admin: 200 },
  { route: 'POST /api/tools/:id/images',      anonymous: 401, customerA: 403, customerB: 403, admin: 201 },
  { route: 'PATCH /api/tools/:id/images',     anonymous: 401, customerA: 403, customerB: 403, admin: 200 },
  { route: 'DELETE /api/tools/:id/images/:imageId', anonymous: 401, customerA: 403, customerB: 403, admin: 200 },
  { route: 'GET /api/orders',                 anonymous: 401, customerA: 403, customerB: 403, admin: 200 },
  { route: 'GET /api/orders/export.csv',      anonymous: 401, customerA: 403, customerB: 403, admin: 200 },
  { route: 'GET /api/admin/catalogue.csv',    anonymous: 401, customerA: 403, customerB: 403, admin: 200 },
  { route: 'POST /api/admin/catalogue/import', anonymous: 401, customerA: 403, customerB: 403, admin: 200 },
  { route: 'PATCH /api/order/:id/ship',       anonymous: 401, customerA: 403, customerB: 403, admin: 200 },
  { route: 'PATCH /api/order/:id/deliver',    anonymous: 401, customerA: 403, customerB: 403, admin: 200 },
  { route: 'POST /api/order/:id/shipments',   anonymous: 401, customerA: 403, customerB: 403, admin: 201 },
  { route: 'PATCH /api/order/:id/shipments/:shipmentId/deliver', anonymous: 401, customerA: 403, customerB: 403, admin: 200 },
  { route: 'GET /api/order/:id/shipments/:shipmentId/packing-slip.pdf', anonymous: 401, customerA: 403, customerB: 403, admin: 200 },
  { route: 'GET /api/admin/orders/ready-to-ship', anonymous: 401, customerA: 403, customerB: 403, admin: 200 },
  { route: 'POST /api/tool/:id/batches/receive', anonymous: 401, customerA: 403, customerB: 403, admin: 200 },
  { route: 'POST /api/order/:id/refund',      anonymous: 401, customerA: 403, customerB: 403, admin: 200 },
  { route: 'POST /api/order/:id/refunds',     anonymous: 401, customerA: 403, customerB: 403, admin: 201 },
  { route: 'GET /api/order/:id/refunds',      anonymous: 401, customerA: 200, customerB: 404, admin: 200 },
  { route: 'POST /api/order/:id/returns',     anonymous: 401, customerA: 201, customerB: 404, admin: 404 },
  { route: 'GET /api/admin/returns',          anonymous: 401, customerA: 403, customerB: 403, admin: 200 },
  { route: 'POST /api/returns/:id/approve',   anonymous: 401, customerA: 403, customerB: 403, admin: 200 },
  { route: 'POST /api/returns/:id/decline',   anonymous: 401, customerA: 403, customerB: 403, admin: 200 },
  { route: 'POST /api/returns/:id/receive',   anonymous: 401, customerA: 403, customerB: 403, admin: 200 },
  { route: 'POST /api/returns/:id/refund',    anonymous: 401, customerA: 403, customerB: 403, admin: 200 },
  { route: 'GET /api/credit-notes/:number/pdf', anonymous: 401, customerA: 200, customerB: 404, admin: 200 },
  { route: 'GET /api/credit-notes/:number/xml', anonymous: 401, customerA: 200, customerB: 404, admin: 200 },
  { route: 'POST /api/categories',            anonymous: 401, customerA: 403, customerB: 403, admin: 201 },
  { route: 'GET /api/reviews',                anonymous: 401, customerA: 403, customerB: 403, admin: 200 },
  { route: 'PATCH /api/review/:id',           anonymous: 401, customerA: 403, customerB: 403, admin: 200 },
  { route: 'GET /api/stats/overview',         anonymous: 401, customerA: 403, customerB: 403, admin: 200 },
  { route: 'GET /api/admin/outbox',           anonymous: 401, customerA: 403, customerB: 403, admin: 200 },
  { route: 'POST /api/admin/outbox/:id/retry', anonymous: 401, customerA: 403, customerB: 403, admin: 200 },
  { route: 'GET /api/admin/failed-documents', anonymous: 401, customerA: 403, customerB: 403, admin: 200 },
  { route: 'POST /api/admin/failed-documents/:orderId/retry', anonymous: 401, customerA: 403, customerB: 403, admin: 200 },
  { route: 'GET /api/quotes',                 anonymous: 401, customerA: 403, customerB: 403, admin: 200 },
  { route: 'PATCH /api/quotes/:id',           anonymous: 401, customerA: 403, customerB: 403, admin: 200 },
  // Quotes: any signed-in buyer asks and sees their own; only the buyer accepts (an admin may
  // know the quote exists, so 403; another customer may not, so 404).
  { route: 'POST /api/quotes',                anonymous: 401, customerA: 201, customerB: 201, admin: 201 },
  { route: 'GET /api/quotes/mine',            anonymous: 401, customerA: 200, customerB: 200, admin: 200 },
  { route: 'GET /api/quotes/:id/tax',        anonymous: 401, customerA: 200, customerB: 404, admin: 200 },
  { route: 'POST /api/quotes/:id/accept',     anonymous: 401, customerA: 201, customerB: 404, admin: 403 },
  // Trade accounts: the shop's admins manage every company and answer applications.
  { route: 'GET /api/companies',              anonymous: 401, customerA: 403, customerB: 403, admin: 200 },
  { route: 'POST /api/companies',             anonymous: 401, customerA: 403, customerB: 403, admin: 201 },
  { route: 'GET /api/companies/:id',          anonymous: 401, customerA: 403, customerB: 403, admin: 200 },
  { route: 'PUT /api/companies/:id',          anonymous: 401, customerA: 403, customerB: 403, admin: 200 },
  { route: 'POST /api/companies/:id/vat-check', anonymous: 401, customerA: 403, customerB: 403, admin: 200 },
  { route: 'POST /api/companies/:id/vat-verification', anonymous: 401, customerA: 403, customerB: 403, admin: 200 },
  { route: 'POST /api/companies/:id/invitations', anonymous: 401, customerA: 403, customerB: 403, admin: 201 },
  { route: 'DELETE /api/companies/:id/invitations/:invitationId', anonymous: 401, customerA: 403, customerB: 403, admin: 200 },
  { route: 'PATCH /api/companies/:id/members/:email', anonymous: 401, customerA: 403, customerB: 403, admin: 200 },
  { route: 'DELETE /api/companies/:id/members/:email', anonymous: 401, customerA: 403, customerB: 403, admin: 200 },
  // Price lists (issue 50): the shop's admins only.
  { route: 'GET /api/price-lists',            anonymous: 401, customerA: 403, customerB: 403, admin: 200 },
  { route: 'POST /api/price-lists',           anonymous: 401, customerA: 403, customerB: 403, admin: 201 },
  { route: 'GET /api/price-lists/:id',        anonymous: 401, customerA: 403, customerB: 403, admin: 200 },
  { route: 'PUT /api/price-lists/:id',        anonymous: 401, customerA: 403, customerB: 403, admin: 200 },
  { route: 'DELETE /api/price-lists/:id',     anonymous: 401, customerA: 403, customerB: 403, admin: 204 },
  { route: 'GET /api/price-lists/:id/lines.csv', anonymous: 401, customerA: 403, customerB: 403, admin: 200 },
  { route: 'POST /api/price-lists/:id/import', anonymous: 401, customerA: 403, customerB: 403, admin: 200 },
  // A's company's prices: A (its member) and the shop's admin; B names a company not theirs.
  { route: 'GET /api/pricing/explain',        anonymous: 401, customerA: 200, customerB: 403, admin: 200 },
  { route: 'GET /api/trade-applications',     anonymous: 401, customerA: 403, customerB: 403, admin: 200 },
  { route: 'POST /api/trade-applications/:id/approve', anonymous: 401, customerA: 403, customerB: 403, admin: 200 },
  { route: 'POST /api/trade-applications/:id/decline', anonymous: 401, customerA: 403, customerB: 403, admin: 200 },
  // A's own company, A its company-admin: B and the shop's admin are in no company (the admin
  // uses /companies/:id). More identities (buyer, another company's admin) in authz-companies.test.ts.
  { route: 'GET /api/company',                anonymous: 401, customerA: 200, customerB: 200, admin: 200 },
  { route: 'POST /api/company/invitations',   anonymous: 401, customerA: 201, customerB: 403, admin: 403 },
  { route: 'DELETE /api/company/invitations/:invitationId', anonymous: 401, customerA: 200, customerB: 403, admin: 403 },
  { route: 'PATCH /api/company/members/:email', anonymous: 401, customerA: 200, customerB: 403, admin: 403 },
  { route: 'DELETE /api/company/members/:email', anonymous: 401, customerA: 200, customerB: 403, admin: 403 },
  // Approvals in A's company: B is in no company (the order is not theirs to know about); the
  // shop's admin sees every order but does not decide a company's approvals.
  { route: 'GET /api/company/approvals',      anonymous: 401, customerA: 200, customerB: 403, admin: 403 },
  { route: 'GET /api/company/orders',         anonymous: 401, customerA: 200, customerB: 403, admin: 403 },
  { route: 'GET /api/company/quotes',         anonymous: 401, customerA: 200, customerB: 403, admin: 403 },
  { route: 'POST /api/order/:id/approve',     anonymous: 401, customerA: 200, customerB: 404, admin: 403 },
  { route: 'POST /api/order/:id/reject',      anonymous: 401, customerA: 200, customerB: 404, admin: 403 },
  // An invitation to A: anyone signed in with its link may read it, only A may accept it.
  { route: 'GET /api/invitations/:token',     anonymous: 401, customerA: 200, customerB: 200, admin: 200 },
  // Its preview (company and address only) is for the signed-out page: the link is the key.
  { route: 'GET /api/invitations/:token/preview', anonymous: 200, customerA: 200, customerB: 200, admin: 200 },
  { route: 'POST /api/invitations/:token/accept', anonymous: 401, customerA: 200, customerB: 403, admin: 403 },
  // Anyone signed in and in no company applies as themselves.
  { route: 'POST /api/trade-applications',    anonymous: 401, customerA: 201, customerB: 201, admin: 201 },
  // Payment on invoice: the shop's admins list invoices on terms and record payments; A's
  // company's invoices are seen by A (its company-admin), B is in no company (another company's
  // invoice answers 404, like a missing one).
  { route: 'GET /api/invoices',               anonymous: 401, customerA: 403, customerB: 403, admin: 200 },
  { route: 'POST /api/invoices/:number/payments', anonymous: 401, customerA: 403, customerB: 403, admin: 201 },
  { route: 'GET /api/invoices/:number/pdf',   anonymous: 401, customerA: 200, customerB: 404, admin: 200 },
  { route: 'GET /api/invoices/:number/xml',   anonymous: 401, customerA: 200, customerB: 404, admin: 200 },
  // A card payment of an open invoice: A's company-admin (or its order's buyer) only.
  { route: 'GET /api/order/:id/terms-invoice', anonymous: 401, customerA: 200, customerB: 404, admin: 200 },
  { route: 'POST /api/invoices/:number/card-payment', anonymous: 401, customerA: 200, customerB: 404, admin: 404 },
  { route: 'POST /api/invoices/:number/card-payment/confirm', anonymous: 401, customerA: 402, customerB: 404, admin: 404 },
  { route: 'GET /api/company/invoices',       anonymous: 401, customerA: 200, customerB: 403, admin: 403 },
  { route: 'GET /api/company/statement.csv',  anonymous: 401, customerA: 200, customerB: 403, admin: 403 },
  { route: 'GET /api/companies/:id/statement.csv', anonymous: 401, customerA: 403, customerB: 403, admin: 200 },
  { route: 'GET /api/company/statement.pdf',  anonymous: 401, customerA: 200, customerB: 403, admin: 403 },
  { route: 'GET /api/companies/:id/statement.pdf', anonymous: 401, customerA: 403, customerB: 403, admin: 200 },
  // Tax settings (issue 51): the shop's admins only.
  { route: 'GET /api/admin/tax/rates',        anonymous: 401, customerA: 403, customerB: 403, admin: 200 },
  { route: 'PUT /api/admin/tax/rates/:country', anonymous: 401, customerA: 403, customerB: 403, admin: 200 },
  { route: 'DELETE /api/admin/tax/rates/:country', anonymous: 401, customerA: 403, customerB: 403, admin: 200 },
  { route: 'GET /api/admin/tax/nexus',        anonymous: 401, customerA: 403, customerB: 403, admin: 200 },
  { route: 'PUT /api/admin/tax/nexus/:state', anonymous: 401, customerA: 403, customerB: 403, admin: 200 },
  { route: 'DELETE /api/admin/tax/nexus/:state', anonymous: 401, customerA: 403, customerB: 403, admin: 204 },
  { route: 'GET /api/admin/tax/certificates/expiring', anonymous: 401, customerA: 403, customerB: 403, admin: 200 },
  // A's company's resale certificates: the shop's admins manage them; A, its company-admin, reads.
  { route: 'GET /api/companies/:id/resale-certificates', anonymous: 401, customerA: 200, customerB: 403, admin: 200 },
  { route: 'POST /api/companies/:id/resale-certificates', anonymous: 401, customerA: 403, customerB: 403, admin: 201 },
  { route: 'GET /api/companies/:id/resale-certificates/:certId/file', anonymous: 401, customerA: 200, customerB: 403, admin: 200 },
  { route: 'DELETE /api/companies/:id/resale-certificates/:certId', anonymous: 401, customerA: 403, customerB: 403, admin: 204 },
  // Tax reports and meters (issue 51): the shop's admins only.
  { route: 'GET /api/admin/tax/ec-sales-list.csv', anonymous: 401, customerA: 403, customerB: 403, admin: 200 },
  { route: 'GET /api/admin/tax/oss.csv',      anonymous: 401, customerA: 403, customerB: 403, admin: 200 },
  { route: 'GET /api/admin/tax/sales-tax.csv', anonymous: 401, customerA: 403, customerB: 403, admin: 200 },
  { route: 'GET /api/admin/tax/nexus-meter',  anonymous: 401, customerA: 403, customerB: 403, admin: 200 },
  { route: 'GET /api/admin/tax/eu-distance-sales', anonymous: 401, customerA: 403, customerB: 403, admin: 200 },
  // Stripe's signature, not a user, is the permission: a forged one fails whoever sends it.
  { route: 'POST /api/webhooks/stripe',       anonymous: 400, customerA: 400, customerB: 400, admin: 400 },
];

let world: World;
beforeAll(async () => {
  world = await createWorld();
});
afterAll(() => world.close());

type Method = 'get' | 'post' | 'put' | 'patch' | 'delete';

async function call(route: string, scene: Scene) {
  const build = requests[route];
  if (!build) throw new Error(`No request is written for ${route}`);
  const spec = await build(scene);
  const method = route.split(' ')[0]?.toLowerCase() as Method;
  let req = request(spec.stripe ? world.stripeApp : world.app)[method](spec.path);
  const headers = spec.headers ?? (scene.actor ? { Authorization: scene.actor.bearer } : {});
  for (const [name, value] of Object.entries(headers)) req = req.set(name, value);
  return spec.body === undefined ? req : req.send(spec.body);
}

describe('the authorisation matrix', () => {
  it('when the routes are read from both app builds, then every route has one row and every row a route', () => {
    const routes = new Set([...listRoutes(world.app), ...listRoutes(world.stripeApp)]);
    const rows = matrix.map((row) => row.route);
    expect(routes.size).toBeGreaterThan(20);
    expect(new Set(rows).size, 'duplicate rows').toBe(rows.length);
    expect(
      [...routes].filter((route) => !rows.includes(route)),
      'routes without a row',
    ).toEqual([]);
    expect(
      rows.filter((route) => !routes.has(route)),
      'rows without a route',
    ).toEqual([]);
    expect(Object.keys(requests).sort(), 'request builders').toEqual([...rows].sort());
  });

  it('when the table is read, then anonymous succeeds only on public routes and no cell is a 5xx', () => {
    const publicRoutes = matrix.filter((row) => row.anonymous < 300).map((row) => row.route);
    expect(publicRoutes.sort()).toEqual([
      'GET /api/allReviews',
      'GET /api/categories',
      'GET /api/health',
      'GET /api/images/:toolId/:file',
      'GET /api/invitations/:token/preview',
      'GET /api/payments/config',
      'GET /api/tool/:id',
      'GET /api/tool/:id/reviews',
      'GET /api/tool/by-sku/:sku',
      'GET /api/tools',
      'GET /api/tools/suggest',
      'POST /api/quick-order/check',
    ]);
    for (const row of matrix) for (const role of ROLES) expect(row[role]).toBeLessThan(500);
  });

  it.each(matrix)(
    'when $route is called by each kind of caller, then only the allowed succeed',
    async (row) => {
      const { a, b } = await signInCustomers(world);
      const actors = { anonymous: null, customerA: a, customerB: b, admin: world.admin };
      const statuses: Partial<Record<Role, number>> = {};
      const bodies: Partial<Record<Role, unknown>> = {};
      const cacheControl: Partial<Record<Role, string | undefined>> = {};
      // In column order: the admin goes last, since promoting or removing A changes A.
      for (const role of ROLES) {
        const res = await call(row.route, { world, a, actor: actors[role] });
        statuses[role] = res.status;
        bodies[role] = res.body;
        cacheControl[role] = res.headers['cache-control'];
      }
      const { route, ...expected } = row;
      const surprises = ROLES.filter((role) => statuses[role] !== expected[role]).map(
        (role) => `${role}: ${JSON.stringify(bodies[role]).slice(0, 300)}`,
      );
      expect(statuses, `${route}\n${surprises.join('\n')}`).toEqual(expected);
      // A route that needs a token (or a signature): every answer, refusals included, is
      // personal and must never be kept by a browser or proxy cache.
      if (row.anonymous >= 300) {
        for (const role of ROLES)
          expect(cacheControl[role] ?? '', `${route} as ${role}`).toMatch(/\bno-store\b/);
      }
    },
  );
});

describe('permission details the matrix does not show', () => {
  it("when another customer tries every write on A's things, then nothing of A's changes", async () => {
    const { a, b } = await signInCustomers(world);
    const orderId = await placeOrder(world, a);
    const paid = await paidOrder(world, a);
    await request(world.app)
      .post('/api/addUser')
      .set('Authorization', a.bearer)
      .send({ name: 'Alice Owner', city: 'Oslo' });
    const as = (req: request.Test) => req.set('Authorization', b.bearer);
    const email = encodeURIComponent(a.email);
    const attempts = [
      as(request(world.app).delete(`/api/order/${orderId}`)),
      as(request(world.app).post('/api/create-payment-intent')).send({ orderId }),
      as(request(world.app).patch(`/api/order/${orderId}`)).send({
        transactionId: paid.transactionId,
      }),
      as(request(world.app).patch(`/api/order/${paid.orderId}/ship`)),
      as(request(world.app).put(`/api/user/admin/${email}`)),
      as(request(world.app).delete(`/api/user/${email}`)),
      as(request(world.app).post('/api/addUser')).send({ name: 'Mallory', email_address: a.email }),
    ];
    for (const attempt of attempts) expect([403, 404]).toContain((await attempt).status);

    expect(await world.store.orders.get(orderId)).toMatchObject({ isPaid: false });
    expect((await world.store.orders.get(orderId))?.paymentIntentId).toBeUndefined();
    expect((await world.store.orders.get(paid.orderId))?.shippedAt).toBeUndefined();
    expect((await world.store.users.getByEmail(a.email))?.role).toBeUndefined();
    expect(await world.store.profiles.get(a.email)).toMatchObject({
      name: 'Alice Owner',
      city: 'Oslo',
    });
  });

  it('when Stripe is not configured, then the webhook path does not exist for anyone', async () => {
    expect(listRoutes(world.app)).not.toContain('POST /api/webhooks/stripe');
    const res = await request(world.app)
      .post('/api/webhooks/stripe')
      .set('Authorization', world.admin.bearer)
      .set('Content-Type', 'application/json')
      .send('{}');
    expect(res.status).toBe(404);
  });

  it("when a webhook is signed with the shop's secret, then it is accepted and the order paid", async () => {
    const { a } = await signInCustomers(world);
    const orderId = await placeOrder(world, a);
    const order = await world.store.orders.get(orderId);
    const payload = succeededEvent(orderId, order?.priceCents ?? 0);
    const signature = new Stripe('sk_test_signer_only').webhooks.generateTestHeaderString({
      payload,
      secret: STRIPE_WEBHOOK_SECRET,
    });
    await request(world.stripeApp)
      .post('/api/webhooks/stripe')
      .set('Content-Type', 'application/json')
      .set('Stripe-Signature', signature)
      .send(payload)
      .expect(200);
    expect(await world.store.orders.get(orderId)).toMatchObject({ isPaid: true });
  });

  it("when the shop's own access token is offered to the token exchange, then 401", async () => {
    const { a } = await signInCustomers(world);
    await request(world.app)
      .put(`/api/user/${encodeURIComponent(a.email)}`)
      .set('Authorization', a.bearer)
      .send({ email: a.email })
      .expect(401);
  });

  it('when a paid order is cancelled by its owner or an admin, then 409 and it stays', async () => {
    const { a } = await signInCustomers(world);
    const { orderId } = await paidOrder(world, a);
    for (const session of [a, world.admin]) {
      await request(world.app)
        .delete(`/api/order/${orderId}`)
        .set('Authorization', session.bearer)
        .expect(409);
    }
    expect(await world.store.orders.get(orderId)).toMatchObject({ isPaid: true });
  });
});
