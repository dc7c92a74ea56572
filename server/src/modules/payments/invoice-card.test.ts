import request from 'supertest';
import { describe, expect, it } from 'vitest';
import { InvoiceCardPaymentSchema, TermsInvoiceSchema } from '@toolworks/contract/invoices';
import { buildTool } from '../../test/factories.js';
import { paymentsApp, paymentsConfig, testCard } from '../../test/payments-fixtures.js';
import { signInToShop, type ShopSession } from '../../test/sign-in.js';
import { useSignedIn, useTestApp } from '../../test/test-app.js';
import { createTradeCompany } from '../../test/trade-company.js';

const shop = useSignedIn(useTestApp(paymentsConfig({ MAX_UNPAID_ORDERS: '1000' })), {
  admin: { displayName: 'Ada Admin', admin: true },
});

const as = (who: ShopSession, req: request.Test) => req.set('Authorization', who.bearer);

/** A net-30 company: its admin, a buyer and a second buyer; the buyer's $200 order on invoice. */
async function invoiced() {
  const [boss, buyer, colleague] = await Promise.all(
    ['Bea Boss', 'Bo Buyer', 'Cy Colleague'].map((displayName) =>
      signInToShop(shop.app, shop.store, { displayName }),
    ),
  );
  const companyId = await createTradeCompany(shop.store, boss!, {
    company: { name: 'Card Terms Ltd' },
    members: [
      { ...buyer!, role: 'buyer' },
      { ...colleague!, role: 'buyer' },
    ],
  });
  const tool = await shop.store.tools.create(
    buildTool({ priceCents: 10_000, availableQuantity: 100, minimumOrderQuantity: 1 }),
  );
  await shop.store.carts.set(buyer!.email, tool._id, 2, new Date().toISOString());
  const order = await as(buyer!, request(shop.app).post('/api/checkout'))
    .send({
      userPhone: '+44 117 496 0000',
      userAddress: '7 Dock Road, Bristol',
      expectedTotal: 200,
      paymentMethod: 'invoice',
    })
    .expect(201);
  const [invoice] = await shop.store.invoices.listOnTerms({ companyId });
  if (!invoice) throw new Error('no invoice');
  return { boss: boss!, buyer: buyer!, colleague: colleague!, orderId: order.body._id, invoice };
}

const startPayment = (who: ShopSession, number: string) =>
  as(who, request(shop.app).post(`/api/invoices/${number}/card-payment`));
const payCard = (who: ShopSession, clientSecret: string) =>
  as(who, request(shop.app).post('/api/payments/test/confirm')).send({
    clientSecret,
    ...testCard(),
  });
const companyInvoice = async (who: ShopSession, number: string) => {
  const res = await as(who, request(shop.app).get('/api/company/invoices')).expect(200);
  return TermsInvoiceSchema.array()
    .parse(res.body)
    .find((i) => i.number === number);
};

describe('POST /api/invoices/:number/card-payment', () => {
  it('when a company-admin pays an open invoice by card, then a card payment of the balance is recorded once and the invoice is paid', async () => {
    const { boss, invoice, orderId } = await invoiced();
    const started = InvoiceCardPaymentSchema.parse(
      (await startPayment(boss, invoice.number).expect(200)).body,
    );
    expect(started.amount).toBe(200);
    const paid = await payCard(boss, started.clientSecret).expect(200);
    const paymentId = paid.body.paymentIntent.id as string;

    const shown = await companyInvoice(boss, invoice.number);
    expect(shown).toMatchObject({ state: 'paid', balance: 0, paid: 200 });
    expect(shown?.payments).toEqual([
      expect.objectContaining({ amount: 200, method: 'card', reference: paymentId }),
    ]);
    expect(await shop.store.orders.get(orderId)).toMatchObject({ status: 'paid', isPaid: true });

    // The browser reporting it again (as the webhook would) records nothing more.
    const again = await as(
      boss,
      request(shop.app).post(`/api/invoices/${invoice.number}/card-payment/confirm`),
    )
      .send({ transactionId: paymentId })
      .expect(200);
    expect(TermsInvoiceSchema.parse(again.body).payments).toHaveLength(1);
    expect((await startPayment(boss, invoice.number).expect(409)).body.error.message).toBe(
      'This invoice is paid in full already',
    );
  });

  it("when the order's buyer pays after a partial transfer, then the card pays the remaining balance", async () => {
    const { buyer, invoice } = await invoiced();
    await as(shop.admin, request(shop.app).post(`/api/invoices/${invoice.number}/payments`))
      .send({ amount: 50, reference: 'BANK-7', receivedOn: new Date().toISOString().slice(0, 10) })
      .expect(201);
    const started = InvoiceCardPaymentSchema.parse(
      (await startPayment(buyer, invoice.number).expect(200)).body,
    );
    expect(started.amount).toBe(150);
    await payCard(buyer, started.clientSecret).expect(200);
    const stored = await shop.store.invoices.getOnTerms(invoice.number);
    expect(stored?.paidCents).toBe(20_000);
    expect(stored?.payments.map((p) => [p.method, p.amountCents])).toEqual([
      ['bank-transfer', 5_000],
      ['card', 15_000],
    ]);
  });

  it('when a transfer pays the invoice while the card form is open, then the card payment is refunded, never above the balance', async () => {
    const { boss, invoice } = await invoiced();
    const started = InvoiceCardPaymentSchema.parse(
      (await startPayment(boss, invoice.number).expect(200)).body,
    );
    await as(shop.admin, request(shop.app).post(`/api/invoices/${invoice.number}/payments`))
      .send({ amount: 200, reference: 'BANK-8', receivedOn: new Date().toISOString().slice(0, 10) })
      .expect(201);
    const res = await payCard(boss, started.clientSecret).expect(409);
    expect(res.body.error.message).toBe(
      'This invoice was paid in full meanwhile, so your card payment was refunded',
    );
    const stored = await shop.store.invoices.getOnTerms(invoice.number);
    expect(stored?.paidCents).toBe(20_000);
    expect(stored?.payments.map((p) => p.method)).toEqual(['bank-transfer']);
  });

  it('when a colleague, another company or the shop admin asks, then 404; anonymous 401', async () => {
    const { colleague, invoice } = await invoiced();
    const other = await invoiced();
    await startPayment(colleague, invoice.number).expect(404);
    await startPayment(other.boss, invoice.number).expect(404);
    await startPayment(shop.admin, invoice.number).expect(404);
    await request(shop.app).post(`/api/invoices/${invoice.number}/card-payment`).expect(401);
  });

  it("when the invoice's payment is reported as its order's payment, then it is refused and nothing is refunded", async () => {
    const { boss, buyer, invoice, orderId } = await invoiced();
    const started = InvoiceCardPaymentSchema.parse(
      (await startPayment(buyer, invoice.number).expect(200)).body,
    );
    const paymentId = started.clientSecret.split('_secret_')[0];
    // Not yet confirmed: the order path must not touch an invoice's intent either way.
    const res = await as(buyer, request(shop.app).patch(`/api/order/${orderId}`))
      .send({ transactionId: paymentId })
      .expect(402);
    expect(res.body.error.message).toBe('This payment is for an invoice');
    await payCard(buyer, started.clientSecret).expect(200);
    expect((await companyInvoice(boss, invoice.number))?.state).toBe('paid');
  });
});

describe('the gateway adapters', () => {
  it('when the app runs on its own gateway instance, then the invoice intent carries its number', async () => {
    const { boss, invoice } = await invoiced();
    const { app, gateway } = paymentsApp(shop.store, shop.config);
    const res = await as(
      boss,
      request(app).post(`/api/invoices/${invoice.number}/card-payment`),
    ).expect(200);
    const id = (res.body.clientSecret as string).split('_secret_')[0] ?? '';
    expect(await gateway.retrieve(id)).toMatchObject({
      invoiceNumber: invoice.number,
      amountCents: 20_000,
    });
  });
});
