import request from 'supertest';
import { describe, expect, it } from 'vitest';
import { TermsInvoiceListSchema } from '@toolworks/contract/invoices';
import type { CompanyInput } from '../../store/store.js';
import { buildTool } from '../../test/factories.js';
import { signInToShop, type ShopSession } from '../../test/sign-in.js';
import { testConfig, useSignedIn, useTestApp } from '../../test/test-app.js';
import { createTradeCompany } from '../../test/trade-company.js';

// Orders on invoice are credited (issue 53): a credit note lowers the invoice's balance; once
// the invoice is paid, money goes back by a bank transfer the admin records.
const shop = useSignedIn(useTestApp(testConfig({ MAX_UNPAID_ORDERS: '1000' })), {
  admin: { displayName: 'Ada Admin', admin: true },
});

const company: CompanyInput = {
  name: 'Harbour Workshop Ltd',
  vatId: 'GB 123 4567 89',
  billingAddress: '1 Quay Street, Bristol BS1 4DJ',
  deliveryAddresses: [{ label: 'Main', address: '7 Dock Road, Bristol' }],
  paymentTerms: 'net-30',
  creditLimitCents: 1_000_000,
};
const as = (session: ShopSession, req: request.Test) => req.set('Authorization', session.bearer);

/** A company-admin's order of 10 x $100 on invoice. */
async function invoiceOrder() {
  const session = await signInToShop(shop.app, shop.store, { displayName: 'Terry Terms' });
  await createTradeCompany(shop.store, session, { company });
  const tool = await shop.store.tools.create(
    buildTool({ priceCents: 10_000, availableQuantity: 100, minimumOrderQuantity: 1 }),
  );
  await shop.store.carts.set(session.email, tool._id, 10, new Date().toISOString());
  const res = await as(session, request(shop.app).post('/api/checkout'))
    .send({
      userPhone: '+44 117 496 0000',
      userAddress: '7 Dock Road, Bristol',
      expectedTotal: 1000,
      paymentMethod: 'invoice',
    })
    .expect(201);
  return { session, orderId: res.body._id as string, toolId: tool._id };
}
const invoiceOf = async (session: ShopSession) =>
  TermsInvoiceListSchema.parse(
    (await as(session, request(shop.app).get('/api/company/invoices')).expect(200)).body,
  )[0]!;
const refunds = (orderId: string, body: object) =>
  as(shop.admin, request(shop.app).post(`/api/order/${orderId}/refunds`)).send(body);

describe('credits on orders paid by invoice', () => {
  it('when 2 of 10 units are credited, then a credit note of $200 lowers the balance to $800 and the order stays confirmed', async () => {
    const { session, orderId, toolId } = await invoiceOrder();
    const res = await refunds(orderId, { lines: [{ toolId, quantity: 2 }], reason: 'Damaged' });
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({
      status: 'confirmed',
      refundedCents: 20_000,
      refund: { method: 'credit', amountCents: 20_000 },
    });
    expect(await invoiceOf(session)).toMatchObject({ balance: 800, credited: 200, state: 'open' });
    const [note] = await shop.store.creditNotes.listByOrder(orderId);
    expect(note?.snapshot.invoiceNumber).toBe((await invoiceOf(session)).number);
    expect(note?.snapshot.totalCents).toBe(20_000);
    const statement = await as(session, request(shop.app).get('/api/company/statement.csv')).expect(
      200,
    );
    expect(statement.text).toContain(`Credit note,${note?.number}`);
    expect(statement.text).toMatch(/,200\.00,/);
    expect(statement.text).toMatch(/Balance,,,,,800\.00/);
    // Never more than is still owed: pay $700, then $300 is owed and $400 cannot be credited.
    await as(
      shop.admin,
      request(shop.app).post(`/api/invoices/${note?.snapshot.invoiceNumber}/payments`),
    )
      .send({
        amount: 500,
        reference: 'BANK-1',
        receivedOn: new Date().toISOString().slice(0, 10),
      })
      .expect(201);
    const over = await refunds(orderId, { amountCents: 40_000, reason: 'Too much' });
    expect(over.status).toBe(409);
    expect(over.body.error.message).toBe(
      `Only $300.00 is still owed on invoice ${note?.snapshot.invoiceNumber}: refund the rest by bank transfer`,
    );
  });

  it('when the invoice is paid, then a refund by bank transfer is recorded with its reference and a credit note; a transfer needs its reference', async () => {
    const { session, orderId } = await invoiceOrder();
    const number = (await invoiceOf(session)).number;
    await as(shop.admin, request(shop.app).post(`/api/invoices/${number}/payments`))
      .send({
        amount: 1000,
        reference: 'BANK-2',
        receivedOn: new Date().toISOString().slice(0, 10),
      })
      .expect(201);
    await refunds(orderId, {
      amountCents: 5000,
      reason: 'Goodwill',
      method: 'bank_transfer',
    }).expect(400);
    const res = await refunds(orderId, {
      amountCents: 5000,
      reason: 'Goodwill',
      method: 'bank_transfer',
      reference: 'OUT-77',
    }).expect(201);
    expect(res.body.refund).toMatchObject({ method: 'bank_transfer', reference: 'OUT-77' });
    expect(res.body.creditNotes).toHaveLength(1);
    expect(await invoiceOf(session)).toMatchObject({ balance: 0, state: 'paid' });
  });
});
