import Stripe from 'stripe';
import request from 'supertest';
import type { ShopSession } from '../sign-in.js';
import { buildTool, storeReview } from '../factories.js';
import {
  newTool,
  openIntent,
  paidOrder,
  placeOrder,
  successCard,
  succeededEvent,
  type World,
} from './authz-fixtures.js';
import { companyRequests } from './authz-companies.js';
import { invoiceRequests } from './authz-invoices.js';
import { returnsRequests } from './authz-returns.js';
import { toolImageRequests } from './authz-tool-images.js';
import { priceListRequests } from './authz-price-lists.js';
import { taxRequests } from './authz-tax.js';
import { taxReportRequests } from './authz-tax-reports.js';

/**
 * For each route, a request that is valid in every way but the permission: the data exists (A's
 * order, placed through the API; a tool in the store), the body passes validation, and what it
 * points at is A's. Built afresh for every cell, so one caller's success never changes what the
 * next caller sees.
 */

export interface Scene {
  world: World;
  /** The owner of the things acted on. */
  a: ShopSession;
  /** The caller; null when anonymous. */
  actor: ShopSession | null;
}

export interface Call {
  path: string;
  body?: object | string;
  /** Replaces the default `Authorization: Bearer <actor's access token>`. */
  headers?: Record<string, string>;
  /** Send to the app with Stripe configured (the only one with the webhook). */
  stripe?: true;
}

const enc = encodeURIComponent;

let categoryNumber = 0;

/** A quote of A's, stored as requested (and offered, when asked). */
async function quoteOf(world: World, a: ShopSession, offered: boolean): Promise<string> {
  const tool = await newTool(world);
  const quote = await world.store.quotes.create({
    items: [{ toolId: tool._id, name: tool.name, quantity: 10, listUnitPriceCents: 2500 }],
    userName: 'Alice Owner',
    userEmail: a.email,
    userPhone: '+1 555 0100',
    userAddress: '1 Main Street, Springfield',
    message: '',
  });
  if (offered) {
    await world.store.quotes.offer(quote._id, {
      unitPrices: { [tool._id]: 2000 },
      validUntil: '2999-12-31',
    });
  }
  return quote._id;
}

let listNumber = 0;

/** A saved list of A's holding one line; the list's and the tool's ids. */
async function listOf(world: World, a: ShopSession) {
  const tool = await newTool(world);
  const list = await world.store.savedLists.create(
    { ownerEmail: a.email, name: `Matrix list ${++listNumber}`, now: new Date().toISOString() },
    { maxLists: 1000 },
  );
  if (typeof list === 'string') throw new Error(`creating the list: ${list}`);
  await world.store.savedLists.addLine(
    list._id,
    a.email,
    { toolId: tool._id, name: tool.name, quantity: 10 },
    new Date().toISOString(),
    { maxLines: 500, maxQuantity: 1_000_000 },
  );
  return { listId: list._id, toolId: tool._id };
}

const toolBody = {
  name: 'Matrix Hammer',
  img: '/images/tools/matrix-hammer.svg',
  price: 19.99,
  description: 'A hammer for permission tests.',
  availableQuantity: 300,
  MinimumOrderQuantity: 10,
};
const profileBody = (email: string) => ({
  name: 'Alice Owner',
  email_address: email,
  country: 'Canada',
  city: 'Toronto',
  phone: '+1 555 0100',
});
// Signs like Stripe, but with a secret that is not the shop's: a forger's signature.
const forger = new Stripe('sk_test_forger_only');

export const requests: Record<string, (scene: Scene) => Promise<Call>> = {
  'GET /api/health': async () => ({ path: '/api/health' }),
  'GET /api/tools': async () => ({ path: '/api/tools' }),
  'GET /api/tools/suggest': async () => ({ path: '/api/tools/suggest?q=hammer' }),
  'GET /api/tool/:id': async ({ world }) => ({ path: `/api/tool/${(await newTool(world))._id}` }),
  'GET /api/tool/by-sku/:sku': async ({ world }) => ({
    path: `/api/tool/by-sku/${(await newTool(world)).sku}`,
  }),
  'GET /api/allReviews': async () => ({ path: '/api/allReviews' }),
  'GET /api/categories': async () => ({ path: '/api/categories' }),
  'GET /api/tool/:id/reviews': async ({ world }) => ({
    path: `/api/tool/${(await newTool(world))._id}/reviews`,
  }),
  'GET /api/payments/config': async () => ({ path: '/api/payments/config' }),

  // The token exchange takes a Firebase ID token, the caller's own, for A's email.
  'PUT /api/user/:email': async ({ a, actor }): Promise<Call> => ({
    path: `/api/user/${enc(a.email)}`,
    body: { email: a.email },
    headers: actor ? { Authorization: `Bearer ${actor.idToken}` } : {},
  }),
  'GET /api/admin/:email': async ({ a }) => ({ path: `/api/admin/${enc(a.email)}` }),
  'GET /api/userDetails/:email': async ({ world, a }) => {
    await world.store.profiles.upsert({
      name: 'Alice Owner',
      email_address: a.email,
      LinkedIn_profile_link: '',
      country: 'Canada',
      street_address: '1 Main Street',
      city: 'Toronto',
      state: 'Ontario',
      phone: '+1 555 0100',
      company_name: '',
      vat_id: '',
      delivery_address: '',
      postal_code: '',
    });
    return { path: `/api/userDetails/${enc(a.email)}` };
  },
  'POST /api/addUser': async ({ a }) => ({ path: '/api/addUser', body: profileBody(a.email) }),

  'POST /api/addReview': async () => ({
    path: '/api/addReview',
    body: { review: 'Sturdy and sharp.', ratings: 5 },
  }),
  'POST /api/addOrderItem': async ({ world }) => {
    const tool = await newTool(world);
    return {
      path: '/api/addOrderItem',
      body: { toolId: tool._id, quantity: 10, userPhone: '+1 555 0100', userAddress: '2 Elm Road' },
    };
  },
  'GET /api/cart': async () => ({ path: '/api/cart' }),
  'GET /api/cart/tax': async () => ({ path: '/api/cart/tax?shipToCountry=FR' }),
  'POST /api/quick-order/check': async ({ world }) => ({
    path: '/api/quick-order/check',
    body: { lines: [{ sku: (await newTool(world)).sku, quantity: 10 }] },
  }),
  'POST /api/cart/lines': async ({ world }) => ({
    path: '/api/cart/lines',
    body: { lines: [{ toolId: (await newTool(world))._id, quantity: 10 }] },
  }),
  'PUT /api/cart/:toolId': async ({ world }) => ({
    path: `/api/cart/${(await newTool(world))._id}`,
    body: { quantity: 10 },
  }),
  'DELETE /api/cart/:toolId': async ({ world, actor }) => {
    const tool = await newTool(world);
    if (actor) await world.store.carts.set(actor.email, tool._id, 10, new Date().toISOString());
    return { path: `/api/cart/${tool._id}` };
  },
  // The caller's own cart holds one line, so a permitted checkout places an order.
  'POST /api/checkout': async ({ world, actor }) => {
    const tool = await newTool(world);
    if (actor) {
      // The admin is shared by every row: start from a cart of exactly this line.
      await world.store.carts.clear(actor.email);
      await world.store.carts.set(actor.email, tool._id, 10, new Date().toISOString());
    }
    return {
      path: '/api/checkout',
      body: {
        userPhone: '+1 555 0100',
        userAddress: '2 Elm Road',
        expectedTotal: (tool.priceCents * 10) / 100,
      },
    };
  },
  'GET /api/myOrders/:email': async ({ world, a }) => {
    await placeOrder(world, a);
    return { path: `/api/myOrders/${enc(a.email)}` };
  },
  'GET /api/order/:id': async ({ world, a }) => ({
    path: `/api/order/${await placeOrder(world, a)}`,
  }),
  'DELETE /api/order/:id': async ({ world, a }) => ({
    path: `/api/order/${await placeOrder(world, a)}`,
  }),

  'POST /api/create-payment-intent': async ({ world, a }) => ({
    path: '/api/create-payment-intent',
    body: { orderId: await placeOrder(world, a) },
  }),
  // A's own client secret: knowing it must not let anyone else pay as A.
  'POST /api/payments/test/confirm': async ({ world, a }) => ({
    path: '/api/payments/test/confirm',
    body: { clientSecret: await openIntent(world, a, await placeOrder(world, a)), ...successCard },
  }),
  'PATCH /api/order/:id': async ({ world, a }) => {
    const { orderId, transactionId } = await paidOrder(world, a);
    return { path: `/api/order/${orderId}`, body: { order: orderId, transactionId } };
  },
  'POST /api/webhooks/stripe': async ({ world, a, actor }) => {
    const orderId = await placeOrder(world, a);
    const order = await world.store.orders.get(orderId);
    const payload = succeededEvent(orderId, order?.priceCents ?? 0);
    const signature = forger.webhooks.generateTestHeaderString({ payload, secret: 'whsec_forged' });
    return {
      path: '/api/webhooks/stripe',
      body: payload,
      stripe: true,
      headers: {
        'Content-Type': 'application/json',
        'Stripe-Signature': signature,
        ...(actor ? { Authorization: actor.bearer } : {}),
      },
    };
  },

  'POST /api/quotes': async ({ world }) => ({
    path: '/api/quotes',
    body: {
      items: [{ toolId: (await newTool(world))._id, quantity: 2000 }],
      userPhone: '+1 555 0100',
      userAddress: '2 Elm Road',
    },
  }),
  'GET /api/quotes/mine': async ({ world, a }) => {
    await quoteOf(world, a, false);
    return { path: '/api/quotes/mine' };
  },
  'GET /api/quotes': async () => ({ path: '/api/quotes?status=requested' }),
  'PATCH /api/quotes/:id': async ({ world, a }) => ({
    path: `/api/quotes/${await quoteOf(world, a, false)}`,
    body: { decline: true, reason: 'Not this time.' },
  }),
  'GET /api/quotes/:id/tax': async ({ world, a }) => ({
    path: `/api/quotes/${await quoteOf(world, a, true)}/tax`,
  }),
  'POST /api/quotes/:id/accept': async ({ world, a }) => ({
    path: `/api/quotes/${await quoteOf(world, a, true)}/accept`,
    body: { version: 1 },
  }),

  'GET /api/lists': async ({ world, a }) => {
    await listOf(world, a);
    return { path: '/api/lists' };
  },
  'POST /api/lists': async () => ({
    path: '/api/lists',
    body: { name: `Matrix new list ${++listNumber}` },
  }),
  'GET /api/lists/:id': async ({ world, a }) => ({
    path: `/api/lists/${(await listOf(world, a)).listId}`,
  }),
  'PATCH /api/lists/:id': async ({ world, a }) => ({
    path: `/api/lists/${(await listOf(world, a)).listId}`,
    body: { name: `Matrix renamed ${++listNumber}` },
  }),
  // Stops sharing: A is in no company here, and the owner may always make a list private.
  'PUT /api/lists/:id/sharing': async ({ world, a }) => ({
    path: `/api/lists/${(await listOf(world, a)).listId}/sharing`,
    body: { shared: false },
  }),
  'DELETE /api/lists/:id': async ({ world, a }) => ({
    path: `/api/lists/${(await listOf(world, a)).listId}`,
  }),
  'POST /api/lists/:id/lines': async ({ world, a }) => ({
    path: `/api/lists/${(await listOf(world, a)).listId}/lines`,
    body: { toolId: (await newTool(world))._id, quantity: 10 },
  }),
  'PATCH /api/lists/:id/lines/:toolId': async ({ world, a }) => {
    const { listId, toolId } = await listOf(world, a);
    return { path: `/api/lists/${listId}/lines/${toolId}`, body: { quantity: 20 } };
  },
  'DELETE /api/lists/:id/lines/:toolId': async ({ world, a }) => {
    const { listId, toolId } = await listOf(world, a);
    return { path: `/api/lists/${listId}/lines/${toolId}` };
  },
  'POST /api/lists/:id/cart': async ({ world, a }) => ({
    path: `/api/lists/${(await listOf(world, a)).listId}/cart`,
  }),

  'GET /api/users': async () => ({ path: '/api/users' }),
  'PUT /api/user/admin/:email': async ({ a }) => ({ path: `/api/user/admin/${enc(a.email)}` }),
  'DELETE /api/user/:email': async ({ a }) => ({ path: `/api/user/${enc(a.email)}` }),
  'DELETE /api/user/admin/:email': async ({ a }) => ({
    path: `/api/user/admin/${enc(a.email)}`,
  }),
  'PUT /api/user/:email/restore': async ({ a }) => ({ path: `/api/user/${enc(a.email)}/restore` }),
  'POST /api/addtools': async () => ({ path: '/api/addtools', body: toolBody }),
  'PUT /api/tool/:id': async ({ world }) => ({
    path: `/api/tool/${(await newTool(world))._id}`,
    body: toolBody,
  }),
  'DELETE /api/delete/:id': async ({ world }) => ({
    path: `/api/delete/${(await newTool(world))._id}`,
  }),
  'GET /api/orders': async () => ({ path: '/api/orders?search=tw-&from=2000-01-01' }),
  'GET /api/orders/export.csv': async () => ({ path: '/api/orders/export.csv?status=paid' }),
  'GET /api/admin/catalogue.csv': async () => ({ path: '/api/admin/catalogue.csv' }),
  // A dry run: it reports and writes nothing, so every role's attempt sees the same catalogue.
  'POST /api/admin/catalogue/import': async ({ world }) => ({
    path: '/api/admin/catalogue/import?dryRun=true',
    body: {
      csv: `SKU,Name,Category,Price,Volume prices,Specifications,Stock,Minimum order quantity,Image,Datasheet,Description\n${(await newTool(world)).sku},Matrix Import,other,10.00,,,100,1,/images/tools/drill.svg,,Imported\n`,
    },
  }),
  // A new name each time: a second admin call with the same name would be a 409.
  'POST /api/categories': async () => ({
    path: '/api/categories',
    body: { name: `Matrix Category ${++categoryNumber}` },
  }),
  'GET /api/reviews': async () => ({ path: '/api/reviews' }),
  'PATCH /api/review/:id': async ({ world, a }) => {
    const review = await storeReview(world.store, {
      review: 'To be moderated.',
      ratings: 2,
      authorEmail: a.email,
      authorName: 'Alice Owner',
    });
    return { path: `/api/review/${review._id}`, body: { hidden: true } };
  },
  'PATCH /api/order/:id/ship': async ({ world, a }) => ({
    path: `/api/order/${(await paidOrder(world, a)).orderId}/ship`,
    body: { carrier: 'UPS', trackingNumber: '1Z999AA1' },
  }),
  'PATCH /api/order/:id/deliver': async ({ world, a }) => {
    const { orderId } = await paidOrder(world, a);
    await world.store.orders.markShipped(orderId, { carrier: 'DHL' });
    return { path: `/api/order/${orderId}/deliver` };
  },
  'POST /api/order/:id/shipments': async ({ world, a }) => ({
    path: `/api/order/${(await paidOrder(world, a)).orderId}/shipments`,
    body: { carrier: 'UPS', trackingNumber: '1Z999AA1' },
  }),
  'PATCH /api/order/:id/shipments/:shipmentId/deliver': async ({ world, a }) => {
    const { orderId } = await paidOrder(world, a);
    const shipped = await world.store.orders.markShipped(orderId, { carrier: 'DHL' });
    return { path: `/api/order/${orderId}/shipments/${shipped?.shipments?.[0]?._id}/deliver` };
  },
  'GET /api/order/:id/shipments/:shipmentId/packing-slip.pdf': async ({ world, a }) => {
    const { orderId } = await paidOrder(world, a);
    const shipped = await world.store.orders.markShipped(orderId, { carrier: 'DHL' });
    return {
      path: `/api/order/${orderId}/shipments/${shipped?.shipments?.[0]?._id}/packing-slip.pdf`,
    };
  },
  'GET /api/admin/orders/ready-to-ship': async () => ({ path: '/api/admin/orders/ready-to-ship' }),
  'POST /api/tool/:id/batches/receive': async ({ world }) => {
    const tool = await world.store.tools.create(
      buildTool({
        availableQuantity: 0,
        allowBackorders: true,
        incomingStock: [{ quantity: 10, expectedDate: '2099-01-01' }],
      }),
    );
    return {
      path: `/api/tool/${tool._id}/batches/receive`,
      body: { expectedDate: '2099-01-01', quantity: 10 },
    };
  },
  'POST /api/order/:id/refund': async ({ world, a }) => ({
    path: `/api/order/${(await paidOrder(world, a)).orderId}/refund`,
    body: { reason: 'Out of stock at the supplier' },
  }),
  'GET /api/stats/overview': async () => ({ path: '/api/stats/overview' }),
  'GET /api/order/:id/invoice.pdf': async ({ world, a }) => ({
    path: `/api/order/${(await paidOrder(world, a)).orderId}/invoice.pdf`,
  }),
  'GET /api/order/:id/credit-note.pdf': async ({ world, a }) => ({
    path: `/api/order/${await refundedOrder(world, a)}/credit-note.pdf`,
  }),
  'GET /api/order/:id/invoice.xml': async ({ world, a }) => ({
    path: `/api/order/${(await paidOrder(world, a)).orderId}/invoice.xml`,
  }),
  'GET /api/order/:id/credit-note.xml': async ({ world, a }) => ({
    path: `/api/order/${await refundedOrder(world, a)}/credit-note.xml`,
  }),
  'GET /api/admin/outbox': async () => ({ path: '/api/admin/outbox?status=failed' }),
  'POST /api/admin/outbox/:id/retry': async ({ world, a }) => ({
    path: `/api/admin/outbox/${await failedMail(world, a.email)}/retry`,
  }),
  'GET /api/admin/failed-documents': async () => ({ path: '/api/admin/failed-documents' }),
  // A's paid order with a failed attempt on record: the retry issues (finds) its invoice.
  'POST /api/admin/failed-documents/:orderId/retry': async ({ world, a }) => {
    const { orderId } = await paidOrder(world, a);
    const at = new Date().toISOString();
    await world.store.failedDocuments.recordFailure(
      orderId,
      'invoice',
      [{ rule: 'BR-CO-26', text: 'matrix' }],
      at,
    );
    return { path: `/api/admin/failed-documents/${orderId}/retry` };
  },
  ...companyRequests,
  ...invoiceRequests,
  ...returnsRequests,
  ...toolImageRequests,
  ...priceListRequests,
  ...taxRequests,
  ...taxReportRequests,
};

/** An order of A's, paid and then refunded by the admin; its id. */
async function refundedOrder(world: World, a: ShopSession): Promise<string> {
  const { orderId } = await paidOrder(world, a);
  const res = await request(world.app)
    .post(`/api/order/${orderId}/refund`)
    .set('Authorization', world.admin.bearer)
    .send({});
  if (res.status !== 200) throw new Error(`refunding the order: ${res.status}`);
  return orderId;
}

/** A message about A that the sender gave up on; its id. */
async function failedMail(world: World, to: string): Promise<string> {
  const now = new Date().toISOString();
  const { message } = await world.store.outbox.enqueue(
    { kind: 'order-placed', to, subject: 'Order placed', html: '<p>x</p>', text: 'x' },
    now,
  );
  await world.store.outbox.claim('matrix', now, 60_000, 100);
  await world.store.outbox.markFailed(message._id, 'matrix', 'refused', null);
  return message._id;
}
