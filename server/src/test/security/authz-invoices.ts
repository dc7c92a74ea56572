import { buildOrderInput, buildTool, buildPayOnInvoice } from '../factories.js';
import type { Call, Scene } from './authz-requests.js';
import type { World } from './authz-fixtures.js';
import { companyOf } from './authz-companies.js';

/** An order of A's on A's company's terms (A its company-admin), placed in the store. */
async function invoiceOrder(world: World, email: string) {
  const companyId = await companyOf(world, email);
  const tool = await world.store.tools.create(
    buildTool({ priceCents: 100, availableQuantity: 1000, minimumOrderQuantity: 1 }),
  );
  const placed = await world.store.orders.place(
    buildOrderInput(tool._id, {
      userEmail: email,
      quantity: 1,
      payOnInvoice: buildPayOnInvoice(companyId),
    }),
  );
  if (!placed.ok) throw new Error(placed.reason);
  return placed.order;
}

/** An invoice on terms of A's company (A its company-admin), placed in the store; its number. */
async function invoiceOf(world: World, email: string): Promise<string> {
  const order = await invoiceOrder(world, email);
  return (await world.store.invoices.get(order._id))?.number ?? '';
}

/** The invoice-on-terms routes' requests for the authorisation matrix. */
export const invoiceRequests: Record<string, (scene: Scene) => Promise<Call>> = {
  'GET /api/invoices': async () => ({ path: '/api/invoices' }),
  'POST /api/invoices/:number/payments': async ({ world, a }) => ({
    path: `/api/invoices/${await invoiceOf(world, a.email)}/payments`,
    body: {
      amount: 0.5,
      reference: 'MATRIX-1',
      receivedOn: new Date().toISOString().slice(0, 10),
    },
  }),
  'GET /api/invoices/:number/pdf': async ({ world, a }) => ({
    path: `/api/invoices/${await invoiceOf(world, a.email)}/pdf`,
  }),
  'GET /api/invoices/:number/xml': async ({ world, a }) => ({
    path: `/api/invoices/${await invoiceOf(world, a.email)}/xml`,
  }),
  'POST /api/invoices/:number/card-payment': async ({ world, a }) => ({
    path: `/api/invoices/${await invoiceOf(world, a.email)}/card-payment`,
  }),
  // A payment id the gateway does not know: A passes the authorisation and gets the gateway's no.
  'POST /api/invoices/:number/card-payment/confirm': async ({ world, a }) => ({
    path: `/api/invoices/${await invoiceOf(world, a.email)}/card-payment/confirm`,
    body: { transactionId: 'pi_test_unknown' },
  }),
  'GET /api/order/:id/terms-invoice': async ({ world, a }) => ({
    path: `/api/order/${(await invoiceOrder(world, a.email))._id}/terms-invoice`,
  }),
  'GET /api/company/invoices': async ({ world, a }) => {
    await invoiceOf(world, a.email);
    return { path: '/api/company/invoices' };
  },
  'GET /api/company/statement.csv': async ({ world, a }) => {
    await invoiceOf(world, a.email);
    return { path: '/api/company/statement.csv' };
  },
  'GET /api/companies/:id/statement.csv': async ({ world, a }) => ({
    path: `/api/companies/${await companyOf(world, a.email)}/statement.csv`,
  }),
  'GET /api/company/statement.pdf': async ({ world, a }) => {
    await invoiceOf(world, a.email);
    return { path: '/api/company/statement.pdf' };
  },
  'GET /api/companies/:id/statement.pdf': async ({ world, a }) => ({
    path: `/api/companies/${await companyOf(world, a.email)}/statement.pdf`,
  }),
};
