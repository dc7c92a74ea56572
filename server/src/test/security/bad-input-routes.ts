import fc from 'fast-check';
import {
  badEmail,
  badId,
  badRatings,
  badRequiredText,
  badStatus,
  badTransactionId,
  long,
  wrongType,
  badCountryQuery,
  badUsStateQuery,
} from './bad-input-values.js';
import {
  cardBody,
  cartLineBody,
  cartLinesBody,
  quickOrderBody,
  checkoutBody,
  orderBody,
  profileBody,
  toolBody,
} from './bad-input-bodies.js';
import { acceptBody, offerBody, quoteBody } from './bad-input-quotes.js';
import { receiveBatchBody, refundBody, shipBody, shipmentBody } from './bad-input-fulfilment.js';
import {
  listLineBody,
  listNameBody,
  listQuantityBody,
  listSharingBody,
} from './bad-input-lists.js';
import { companyRoutes } from './bad-input-companies.js';
import { priceListRoutes } from './bad-input-price-lists.js';
import { invoiceRoutes } from './bad-input-invoices.js';
import { returnsRoutes } from './bad-input-returns.js';
import { toolImageRoutes } from './bad-input-tool-images.js';
import { taxRoutes } from './bad-input-tax.js';
import { taxReportRoutes } from './bad-input-tax-reports.js';

/**
 * Every API route with what it takes to reach its validation: credentials, real ids, a valid
 * body, and for each param, query key and body field the values that are wrong for it.
 * Kept by hand from the routers (app.ts mounts them all under /api): a route missing here is
 * caught by the test's "every mounted route is covered" check.
 */

export type Method = 'get' | 'post' | 'put' | 'patch' | 'delete';
export type Credentials = 'none' | 'customer' | 'admin' | 'firebase' | 'stripe';

/** The real records and sessions the valid parts of a request point at. */
export interface Fixture {
  toolId: string;
  /** The fixture tool's SKU. */
  toolSku: string;
  /** An unpaid order of the customer (minimum 10, stock 500 for its tool). */
  orderId: string;
  /** A paid, unshipped order, for the ship route. */
  paidOrderId: string;
  customerEmail: string;
  reviewId: string;
  /** A requested quote of the customer's, for one tool (the fixture tool). */
  quoteId: string;
  /** A saved list of the customer's, holding the fixture tool. */
  listId: string;
  /** A company whose company-admin is the customer, with a buyer and a pending invitation. */
  companyId: string;
  memberEmail: string;
  invitationId: string;
  /** The link token of a pending invitation (into another company) for the customer. */
  invitationToken: string;
  /** A pending application (not the customer's). */
  applicationId: string;
  /** A price list (10% off everything), assigned to nobody. */
  priceListId: string;
  /** An invoice on terms of the customer's company (unpaid). */
  invoiceNumber: string;
  /** The customer's order on those terms (the invoice's). */
  invoiceOrderId: string;
}

export interface BodySpec {
  valid(f: Fixture): Record<string, unknown>;
  bad: Record<string, fc.Arbitrary<unknown>>;
  /** Fields whose absence alone makes the body invalid. */
  required: string[];
}

export interface RouteSpec {
  method: Method;
  /** Express path under /api, e.g. `/order/:id`. */
  path: string;
  credentials: Credentials;
  /** A route with its own body parser: its limit (the API's is 100 kB). */
  bodyLimitBytes?: number;
  params?: Record<string, { valid(f: Fixture): string; bad: fc.Arbitrary<unknown> }>;
  /** Query keys and values (as they appear in a URL) that are wrong for them. */
  query?: Record<string, fc.Arbitrary<string | string[]>>;
  body?: BodySpec;
}

const id = (pick: (f: Fixture) => string) => ({ valid: pick, bad: badId });
const email = { valid: (f: Fixture) => f.customerEmail, bad: badEmail };
const listId = id((f) => f.listId);

const badPage = fc.constantFrom(
  '0',
  '-1',
  '1e308',
  String(2 ** 53 + 1),
  'NaN',
  'Infinity',
  '1.5',
  'abc',
  '1000001',
  '[]',
  ['1', '2'],
  ['x'],
);
const badLimit = fc.oneof(badPage, fc.constantFrom('101', '100000', '-100'));
// Long values stay far over the 100-character limit but under Node's 16 kB request head even
// three at a time with the other parameters (a longer URL is Node's 431, before the app).
const badSearch = fc.constantFrom(
  long(101),
  long(2000),
  long(300, 'é'),
  ['a', 'b'],
  '\u0000',
  'drill\u0000',
  'dr\u0007ill',
  '\u001b[2J',
);
const badDay = fc.constantFrom(
  '2026-13-01',
  '2026-02-30',
  '2026-00-10',
  '20260101',
  '2026-1-1',
  'yesterday',
  '2026-01-01T00:00',
  '$gt',
  long(2000),
  ['2026-01-01', '2026-01-02'],
);
const badPrice = fc.constantFrom('-1', 'abc', 'NaN', 'Infinity', '1e308', '1000001', '[]', [
  '1',
  '2',
]);
const badInStock = fc.constantFrom('yes', '1', 'TRUE', 'on', ['true', 'false']);
const badSort = fc.constantFrom('price', 'PRICE_ASC', 'oldest', '__proto__', ['name', 'newest']);
const badSku = fc.constantFrom(' ', '-lead', 'trail-', 'a b', 'a/b', 'ü', long(33), '%00');
const badSlug = fc.constantFrom('Power Tools', 'UPPER', '-lead', 'a--b', '../x', long(41), [
  'a',
  'b',
]);
const badHidden = fc.constantFrom<unknown>('true', 'false', 0, 1, null, 'yes', [], {}, [true]);

export const ROUTES: RouteSpec[] = [
  { method: 'get', path: '/health', credentials: 'none' },
  {
    method: 'get',
    path: '/tools',
    credentials: 'none',
    query: {
      page: badPage,
      limit: badLimit,
      search: badSearch,
      category: badSlug,
      minPrice: badPrice,
      maxPrice: badPrice,
      inStock: badInStock,
      sort: badSort,
    },
  },
  { method: 'get', path: '/tools/suggest', credentials: 'none', query: { q: badSearch } },
  {
    method: 'get',
    path: '/categories',
    credentials: 'none',
    query: { search: badSearch, minPrice: badPrice, maxPrice: badPrice, inStock: badInStock },
  },
  {
    method: 'post',
    path: '/categories',
    credentials: 'admin',
    body: {
      valid: () => ({ name: 'Fuzzed Category', slug: 'fuzzed-category' }),
      bad: { name: badRequiredText(60), slug: badSlug },
      required: ['name'],
    },
  },
  {
    method: 'get',
    path: '/tool/:id/reviews',
    credentials: 'none',
    params: { id: id((f) => f.toolId) },
  },
  { method: 'get', path: '/reviews', credentials: 'admin' },
  {
    method: 'patch',
    path: '/review/:id',
    credentials: 'admin',
    params: { id: id((f) => f.reviewId) },
    body: { valid: () => ({ hidden: false }), bad: { hidden: badHidden }, required: ['hidden'] },
  },
  { method: 'get', path: '/tool/:id', credentials: 'none', params: { id: id((f) => f.toolId) } },
  {
    method: 'get',
    path: '/tool/by-sku/:sku',
    credentials: 'none',
    params: { sku: { valid: (f) => f.toolSku, bad: badSku } },
  },
  { method: 'get', path: '/allReviews', credentials: 'none' },
  {
    method: 'post',
    path: '/addReview',
    credentials: 'customer',
    body: {
      valid: () => ({ review: 'Fuzzed review, never stored.', ratings: 5 }),
      bad: { review: badRequiredText(1000), ratings: badRatings, toolId: badId },
      required: ['review', 'ratings'],
    },
  },
  {
    method: 'put',
    path: '/user/:email',
    credentials: 'firebase',
    params: { email },
    body: {
      valid: (f) => ({ email: f.customerEmail, name: 'Casey Customer' }),
      bad: { name: badRequiredText(100), email: fc.oneof(wrongType, fc.integer()) },
      required: [],
    },
  },
  { method: 'get', path: '/admin/:email', credentials: 'customer', params: { email } },
  { method: 'get', path: '/userDetails/:email', credentials: 'customer', params: { email } },
  {
    method: 'post',
    path: '/addUser',
    credentials: 'customer',
    body: profileBody,
  },
  {
    method: 'get',
    path: '/users',
    credentials: 'admin',
    query: {
      removed: fc.constantFrom('yes', '1', 'TRUE', 'null', '[]', ['true', 'false']),
      search: badSearch,
    },
  },
  { method: 'put', path: '/user/admin/:email', credentials: 'admin', params: { email } },
  { method: 'delete', path: '/user/admin/:email', credentials: 'admin', params: { email } },
  { method: 'delete', path: '/user/:email', credentials: 'admin', params: { email } },
  { method: 'put', path: '/user/:email/restore', credentials: 'admin', params: { email } },
  {
    method: 'post',
    path: '/addOrderItem',
    credentials: 'customer',
    body: orderBody,
  },
  { method: 'get', path: '/cart', credentials: 'customer' },
  {
    method: 'get',
    path: '/cart/tax',
    credentials: 'customer',
    query: { shipToCountry: badCountryQuery, shipToState: badUsStateQuery },
  },
  { method: 'post', path: '/cart/lines', credentials: 'customer', body: cartLinesBody },
  {
    method: 'post',
    path: '/quick-order/check',
    credentials: 'none',
    bodyLimitBytes: 300 * 1024,
    body: quickOrderBody,
  },
  {
    method: 'put',
    path: '/cart/:toolId',
    credentials: 'customer',
    params: { toolId: id((f) => f.toolId) },
    body: cartLineBody,
  },
  {
    method: 'delete',
    path: '/cart/:toolId',
    credentials: 'customer',
    params: { toolId: id((f) => f.toolId) },
  },
  { method: 'post', path: '/checkout', credentials: 'customer', body: checkoutBody },
  { method: 'get', path: '/myOrders/:email', credentials: 'customer', params: { email } },
  {
    method: 'get',
    path: '/order/:id',
    credentials: 'customer',
    params: { id: id((f) => f.orderId) },
  },
  {
    method: 'delete',
    path: '/order/:id',
    credentials: 'customer',
    params: { id: id((f) => f.orderId) },
  },
  { method: 'get', path: '/payments/config', credentials: 'none' },
  {
    method: 'post',
    path: '/create-payment-intent',
    credentials: 'customer',
    body: {
      valid: (f) => ({ orderId: f.orderId }),
      bad: { orderId: badId },
      required: ['orderId'],
    },
  },
  {
    method: 'patch',
    path: '/order/:id',
    credentials: 'customer',
    params: { id: id((f) => f.orderId) },
    body: {
      valid: (f) => ({ order: f.orderId, transactionId: 'pi_test_fuzzed' }),
      bad: { order: badId, transactionId: badTransactionId },
      required: ['transactionId'],
    },
  },
  {
    method: 'post',
    path: '/payments/test/confirm',
    credentials: 'customer',
    body: cardBody,
  },
  { method: 'post', path: '/addtools', credentials: 'admin', body: toolBody },
  {
    method: 'put',
    path: '/tool/:id',
    credentials: 'admin',
    params: { id: id((f) => f.toolId) },
    body: toolBody,
  },
  {
    method: 'delete',
    path: '/delete/:id',
    credentials: 'admin',
    params: { id: id((f) => f.toolId) },
  },
  {
    method: 'get',
    path: '/orders',
    credentials: 'admin',
    query: {
      status: badStatus.map((v) => (typeof v === 'string' ? v : JSON.stringify(v))),
      page: badPage,
      limit: badLimit,
      search: badSearch,
      from: badDay,
      to: badDay,
    },
  },
  { method: 'get', path: '/admin/catalogue.csv', credentials: 'admin' },
  {
    method: 'post',
    path: '/admin/catalogue/import',
    credentials: 'admin',
    bodyLimitBytes: 13 * 1024 * 1024,
    query: { dryRun: fc.constantFrom('yes', '1', 'TRUE', '', 'false,true') },
    body: {
      // A dry run (the default) of one row: the fixture tool, as it is.
      valid: (f) => ({
        csv: `SKU,Name,Category,Price,Volume prices,Specifications,Stock,Minimum order quantity,Image,Datasheet,Description\n${f.toolSku},Fixture,other,10.00,,,500,10,/images/tools/drill.svg,,A tool\n`,
      }),
      bad: {
        csv: fc.oneof(
          wrongType,
          fc.constantFrom('', 'Name,Price\nSaw,10', 'SKU,Colour\nA-1,red', 'x'.repeat(12_000_001)),
        ),
      },
      required: ['csv'],
    },
  },
  {
    method: 'get',
    path: '/orders/export.csv',
    credentials: 'admin',
    query: {
      status: badStatus.map((v) => (typeof v === 'string' ? v : JSON.stringify(v))),
      search: badSearch,
      from: badDay,
      to: badDay,
    },
  },
  {
    method: 'patch',
    path: '/order/:id/ship',
    credentials: 'admin',
    params: { id: id((f) => f.paidOrderId) },
    body: shipBody,
  },
  {
    method: 'patch',
    path: '/order/:id/deliver',
    credentials: 'admin',
    // The paid fixture is not shipped: only a malformed id could get past the 409.
    params: { id: id((f) => f.paidOrderId) },
  },
  {
    method: 'post',
    path: '/order/:id/shipments',
    credentials: 'admin',
    params: { id: id((f) => f.paidOrderId) },
    body: shipmentBody,
  },
  {
    method: 'patch',
    path: '/order/:id/shipments/:shipmentId/deliver',
    credentials: 'admin',
    // The paid fixture has no shipment: only malformed ids could get past the 404.
    params: { id: id((f) => f.paidOrderId), shipmentId: id((f) => f.paidOrderId) },
  },
  {
    method: 'get',
    path: '/order/:id/shipments/:shipmentId/packing-slip.pdf',
    credentials: 'admin',
    params: { id: id((f) => f.paidOrderId), shipmentId: id((f) => f.paidOrderId) },
  },
  { method: 'get', path: '/admin/orders/ready-to-ship', credentials: 'admin' },
  {
    method: 'post',
    path: '/tool/:id/batches/receive',
    credentials: 'admin',
    params: { id: id((f) => f.toolId) },
    body: receiveBatchBody,
  },
  {
    method: 'post',
    path: '/order/:id/refund',
    credentials: 'admin',
    params: { id: id((f) => f.paidOrderId) },
    body: refundBody,
  },
  { method: 'get', path: '/stats/overview', credentials: 'admin' },
  {
    method: 'get',
    path: '/order/:id/invoice.pdf',
    credentials: 'customer',
    params: { id: id((f) => f.paidOrderId) },
  },
  {
    method: 'get',
    path: '/order/:id/terms-invoice',
    credentials: 'customer',
    params: { id: id((f) => f.invoiceOrderId) },
  },
  {
    method: 'get',
    path: '/order/:id/credit-note.pdf',
    credentials: 'customer',
    params: { id: id((f) => f.paidOrderId) },
  },
  {
    method: 'get',
    path: '/order/:id/invoice.xml',
    credentials: 'customer',
    params: { id: id((f) => f.paidOrderId) },
  },
  {
    method: 'get',
    path: '/order/:id/credit-note.xml',
    credentials: 'customer',
    params: { id: id((f) => f.paidOrderId) },
  },
  {
    method: 'get',
    path: '/admin/outbox',
    credentials: 'admin',
    query: {
      status: badStatus.map((v) => (typeof v === 'string' ? v : JSON.stringify(v))),
      page: badPage,
      limit: badLimit,
    },
  },
  {
    method: 'post',
    path: '/admin/outbox/:id/retry',
    credentials: 'admin',
    // No message needs to exist: a malformed id is refused before the lookup.
    params: { id: id((f) => f.paidOrderId) },
  },
  { method: 'get', path: '/admin/failed-documents', credentials: 'admin' },
  {
    method: 'post',
    path: '/admin/failed-documents/:orderId/retry',
    credentials: 'admin',
    params: { orderId: id((f) => f.paidOrderId) },
  },
  { method: 'post', path: '/quotes', credentials: 'customer', body: quoteBody },
  { method: 'get', path: '/quotes/mine', credentials: 'customer' },
  {
    method: 'get',
    path: '/quotes',
    credentials: 'admin',
    query: { status: badStatus.map((v) => (typeof v === 'string' ? v : JSON.stringify(v))) },
  },
  {
    method: 'patch',
    path: '/quotes/:id',
    credentials: 'admin',
    params: { id: id((f) => f.quoteId) },
    body: offerBody,
  },
  {
    method: 'get',
    path: '/quotes/:id/tax',
    credentials: 'customer',
    params: { id: id((f) => f.quoteId) },
    query: { shipToCountry: badCountryQuery, shipToState: badUsStateQuery },
  },
  {
    method: 'post',
    path: '/quotes/:id/accept',
    credentials: 'customer',
    params: { id: id((f) => f.quoteId) },
    body: acceptBody,
  },
  { method: 'get', path: '/lists', credentials: 'customer' },
  { method: 'post', path: '/lists', credentials: 'customer', body: listNameBody },
  { method: 'get', path: '/lists/:id', credentials: 'customer', params: { id: listId } },
  {
    method: 'patch',
    path: '/lists/:id',
    credentials: 'customer',
    params: { id: listId },
    body: listNameBody,
  },
  { method: 'delete', path: '/lists/:id', credentials: 'customer', params: { id: listId } },
  {
    method: 'put',
    path: '/lists/:id/sharing',
    credentials: 'customer',
    params: { id: listId },
    body: listSharingBody,
  },
  {
    method: 'post',
    path: '/lists/:id/lines',
    credentials: 'customer',
    params: { id: listId },
    body: listLineBody,
  },
  {
    method: 'patch',
    path: '/lists/:id/lines/:toolId',
    credentials: 'customer',
    params: { id: listId, toolId: id((f) => f.toolId) },
    body: listQuantityBody,
  },
  {
    method: 'delete',
    path: '/lists/:id/lines/:toolId',
    credentials: 'customer',
    params: { id: listId, toolId: id((f) => f.toolId) },
  },
  { method: 'post', path: '/lists/:id/cart', credentials: 'customer', params: { id: listId } },
  ...companyRoutes,
  ...priceListRoutes,
  ...invoiceRoutes,
  ...returnsRoutes,
  ...toolImageRoutes,
  ...taxRoutes,
  ...taxReportRoutes,
  { method: 'post', path: '/webhooks/stripe', credentials: 'stripe' },
];
