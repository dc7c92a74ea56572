import request from 'supertest';
import { beforeAll, describe, expect, it } from 'vitest';
import { AdminOrderListSchema } from '@toolworks/contract/admin-orders';
import { ErrorBodySchema } from '@toolworks/contract/errors';
import type { OrderRecord } from '../../store/store.js';
import { buildOrderInput, buildTool, buildPayOnInvoice } from '../../test/factories.js';
import { useAdminTestApp } from '../../test/admin-test-app.js';
import { createTradeCompany } from '../../test/trade-company.js';

const shop = useAdminTestApp();

const asAdmin = (req: request.Test) => req.set('Authorization', shop.admin.bearer);
const list = async (query: Record<string, string>) =>
  AdminOrderListSchema.parse(
    (await asAdmin(request(shop.app).get('/api/orders')).query(query).expect(200)).body,
  );
const exportRows = async (search: string) => {
  const res = await asAdmin(request(shop.app).get('/api/orders/export.csv'))
    .query({ search })
    .buffer(true)
    .parse((r, done) => {
      let text = '';
      r.setEncoding('utf8');
      r.on('data', (chunk: string) => (text += chunk));
      r.on('end', () => done(null, text));
    })
    .expect(200);
  // No cell here holds a comma, a quote or a line break.
  return (res.body as string)
    .replace(/^\uFEFF/, '')
    .trim()
    .split('\r\n')
    .map((line) => line.split(','));
};

/** An order placed on invoice by a member of "Quayside Fabrication Ltd", whose profile names no company. */
describe('Manage Orders and an order placed by a company member on invoice', () => {
  let order: OrderRecord;
  beforeAll(async () => {
    const buyer = `quayside-${Date.now()}@example.com`;
    const companyId = await createTradeCompany(
      shop.store,
      { email: buyer },
      { company: { name: 'Quayside Fabrication Ltd', vatId: 'GB 987 6543 21' } },
    );
    const tool = await shop.store.tools.create(
      buildTool({ name: 'Flange Spreader', priceCents: 4000, minimumOrderQuantity: 1 }),
    );
    const placed = await shop.store.orders.place(
      buildOrderInput(tool._id, {
        quantity: 2,
        userEmail: buyer,
        payOnInvoice: buildPayOnInvoice(companyId),
      }),
    );
    if (!placed.ok) throw new Error(placed.reason);
    order = placed.order;
    await shop.store.orders.markShipped(order._id);
  });

  it('when listed, then it shows its company, VAT ID and its invoice open, not a payment by card', async () => {
    const [found] = (await list({ search: `TW-${order.number}` })).filter(
      (o) => o._id === order._id,
    );
    expect(found).toMatchObject({
      status: 'shipped',
      paymentMethod: 'invoice',
      onInvoice: true,
      isPaid: false,
      companyName: 'Quayside Fabrication Ltd',
      vatId: 'GB 987 6543 21',
      invoiceState: 'open',
    });
  });

  it('when the admin searches its company name or a line SKU, then it is found', async () => {
    const byCompany = await list({ search: 'quayside fabrication' });
    expect(byCompany.map((o) => o._id)).toEqual([order._id]);
    const sku = order.items[0]?.sku ?? '';
    expect(sku).not.toBe('');
    const bySku = await list({ search: sku.toLowerCase() });
    expect(bySku.map((o) => o._id)).toEqual([order._id]);
  });

  it('when exported, then its row names the company and the VAT ID', async () => {
    const [header, row] = await exportRows('Quayside Fabrication');
    const cell = (name: string) => row?.[header?.indexOf(name) ?? -1];
    expect(cell('Order')).toBe(`TW-${order.number}`);
    expect(cell('Company')).toBe('Quayside Fabrication Ltd');
    expect(cell('VAT id')).toBe('GB 987 6543 21');
  });

  it('when the admin asks for a card refund, then 409 says it is credited with a credit note', async () => {
    const res = await asAdmin(request(shop.app).post(`/api/order/${order._id}/refund`))
      .send({})
      .expect(409);
    expect(ErrorBodySchema.parse(res.body).error.message).toBe(
      'Orders on invoice are credited with a credit note, not refunded to a card',
    );
  });
});
