import request from 'supertest';
import { describe, expect, it } from 'vitest';
import { InvoiceCardPaymentSchema, TermsInvoiceSchema } from '@toolworks/contract/invoices';
import { buildOrderInput, buildTool, buildPayOnInvoice } from '../../test/factories.js';
import { paymentsConfig, testCard } from '../../test/payments-fixtures.js';
import { signInToShop, type ShopSession } from '../../test/sign-in.js';
import { useSignedIn, useTestApp } from '../../test/test-app.js';
import { createTradeCompany } from '../../test/trade-company.js';

const shop = useSignedIn(useTestApp(paymentsConfig({ MAX_UNPAID_ORDERS: '1000' })), {
  admin: { displayName: 'Ada Admin', admin: true },
});

const as = (who: ShopSession, req: request.Test) => req.set('Authorization', who.bearer);
const termsInvoice = (who: ShopSession, orderId: string) =>
  as(who, request(shop.app).get(`/api/order/${orderId}/terms-invoice`));

/** A net-30 company whose company-admin is the buyer, and the buyer's $30 order on its terms. */
async function invoiceOrder() {
  const buyer = await signInToShop(shop.app, shop.store, { displayName: 'Tess Terms' });
  const companyId = await createTradeCompany(shop.store, buyer);
  const tool = await shop.store.tools.create(
    buildTool({ priceCents: 1_000, availableQuantity: 100, minimumOrderQuantity: 1 }),
  );
  const placed = await shop.store.orders.place(
    buildOrderInput(tool._id, {
      userEmail: buyer.email.toLowerCase(),
      quantity: 3,
      payOnInvoice: buildPayOnInvoice(companyId),
    }),
  );
  if (!placed.ok) throw new Error(placed.reason);
  return { buyer, order: placed.order };
}

describe('GET /api/order/:id/terms-invoice', () => {
  it("when the buyer opens their order on terms, then they get its invoice's number, due date and balance, and after paying it by card a zero balance", async () => {
    const { buyer, order } = await invoiceOrder();
    const open = TermsInvoiceSchema.parse((await termsInvoice(buyer, order._id).expect(200)).body);
    expect(open).toMatchObject({ orderId: order._id, total: 30, balance: 30, state: 'open' });
    expect(open.number).toMatch(/^INV-\d{4}-\d{6}$/);
    expect(open.dueDate > new Date().toISOString().slice(0, 10)).toBe(true);

    const intent = InvoiceCardPaymentSchema.parse(
      (
        await as(buyer, request(shop.app).post(`/api/invoices/${open.number}/card-payment`)).expect(
          200,
        )
      ).body,
    );
    await as(buyer, request(shop.app).post('/api/payments/test/confirm'))
      .send({ clientSecret: intent.clientSecret, ...testCard() })
      .expect(200);

    const after = TermsInvoiceSchema.parse((await termsInvoice(buyer, order._id).expect(200)).body);
    expect(after).toMatchObject({ number: open.number, balance: 0, state: 'paid' });
    expect(after.payments).toEqual([expect.objectContaining({ amount: 30, method: 'card' })]);
  });

  it('when an admin opens it, then they see it too; another customer gets 404, as for a missing order', async () => {
    const { order } = await invoiceOrder();
    await termsInvoice(shop.admin, order._id).expect(200);
    const stranger = await signInToShop(shop.app, shop.store, { displayName: 'Sam Stranger' });
    const res = await termsInvoice(stranger, order._id).expect(404);
    expect(res.body.error.message).toBe('Order not found');
  });

  it('when the order is not paid on invoice, then 404 says so', async () => {
    const buyer = await signInToShop(shop.app, shop.store, { displayName: 'Carl Card' });
    const tool = await shop.store.tools.create(
      buildTool({ priceCents: 1_000, availableQuantity: 10, minimumOrderQuantity: 1 }),
    );
    const placed = await shop.store.orders.place(
      buildOrderInput(tool._id, { userEmail: buyer.email.toLowerCase(), quantity: 1 }),
    );
    if (!placed.ok) throw new Error(placed.reason);
    const res = await termsInvoice(buyer, placed.order._id).expect(404);
    expect(res.body.error).toMatchObject({
      code: 'NOT_FOUND',
      message: 'This order is not paid on invoice',
    });
  });
});

describe('GET /api/invoices/{number}/pdf for an order on terms', () => {
  const pdf = (who: ShopSession, number: string) =>
    as(who, request(shop.app).get(`/api/invoices/${number}/pdf`))
      .buffer(true)
      .parse((res, done) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () => done(null, Buffer.concat(chunks)));
      });

  it("when the order's buyer (not a company-admin) or an approver of the company downloads it, then they get the PDF; a colleague buyer or a stranger gets 404", async () => {
    const [boss, buyer, approver, colleague, stranger] = await Promise.all(
      ['Bea Boss', 'Bo Buyer', 'Al Approver', 'Cy Colleague', 'Sam Stranger'].map((displayName) =>
        signInToShop(shop.app, shop.store, { displayName }),
      ),
    );
    const companyId = await createTradeCompany(shop.store, boss!, {
      members: [
        { ...buyer!, role: 'buyer' },
        { ...approver!, role: 'approver' },
        { ...colleague!, role: 'buyer' },
      ],
    });
    const tool = await shop.store.tools.create(
      buildTool({ priceCents: 1_000, availableQuantity: 100, minimumOrderQuantity: 1 }),
    );
    const placed = await shop.store.orders.place(
      buildOrderInput(tool._id, {
        userEmail: buyer!.email.toLowerCase(),
        quantity: 2,
        payOnInvoice: buildPayOnInvoice(companyId),
      }),
    );
    if (!placed.ok) throw new Error(placed.reason);
    const { number } = TermsInvoiceSchema.parse(
      (await termsInvoice(buyer!, placed.order._id).expect(200)).body,
    );

    for (const who of [buyer!, approver!, boss!, shop.admin]) {
      const res = await pdf(who, number).expect(200);
      expect(res.headers['content-type']).toContain('application/pdf');
      expect(res.headers['content-disposition']).toContain(`${number}.pdf`);
    }
    for (const who of [colleague!, stranger!]) {
      const res = await pdf(who, number).expect(404);
      expect(JSON.parse(String(res.body)).error.message).toBe('Invoice not found');
    }
  });
});
