import request from 'supertest';
import { describe, expect, it } from 'vitest';
import { parseCsv } from '../../lib/csv.js';
import { buildOrderInput, buildTool, buildPayOnInvoice } from '../../test/factories.js';
import { signInToShop, type ShopSession } from '../../test/sign-in.js';
import { useSignedIn, useTestApp } from '../../test/test-app.js';
import { createTradeCompany } from '../../test/trade-company.js';

const shop = useSignedIn(useTestApp(), { admin: { displayName: 'Ada Admin', admin: true } });

const as = (who: ShopSession, req: request.Test) => req.set('Authorization', who.bearer);
const DAY_MS = 86_400_000;
const dayOf = (ms: number) => new Date(ms).toISOString().slice(0, 10);

/**
 * A company (named `name`) whose company-admin placed a $30 order on its terms, invoiced
 * `issuedDaysAgo` days ago.
 */
async function invoicedCompany(name: string, issuedDaysAgo = 0) {
  const buyer = await signInToShop(shop.app, shop.store, { displayName: 'Tess Terms' });
  const companyId = await createTradeCompany(shop.store, buyer, { company: { name } });
  const tool = await shop.store.tools.create(
    buildTool({ priceCents: 1_000, availableQuantity: 100, minimumOrderQuantity: 1 }),
  );
  const issuedAt = new Date(Date.now() - issuedDaysAgo * DAY_MS).toISOString();
  const placed = await shop.store.orders.place(
    buildOrderInput(tool._id, {
      userEmail: buyer.email.toLowerCase(),
      quantity: 3,
      payOnInvoice: buildPayOnInvoice(companyId, issuedAt),
    }),
  );
  if (!placed.ok) throw new Error(placed.reason);
  const [invoice] = await shop.store.invoices.listOnTerms({ companyId });
  if (!invoice) throw new Error('no invoice issued');
  return { buyer, companyId, number: invoice.number, issuedOn: issuedAt.slice(0, 10) };
}

const pay = (number: string, body: Record<string, unknown>) =>
  as(shop.admin, request(shop.app).post(`/api/invoices/${number}/payments`)).send(body);

describe('GET /api/companies/{id}/statement.csv', () => {
  it('when a company name and a bank reference hold a formula and a carriage return, then every cell is guarded and the first row is the header', async () => {
    const { companyId, number } = await invoicedCompany('=HYPERLINK("http://evil.test","Pay")');
    // Written straight to the store: data from before the contract refused control characters.
    const recorded = await shop.store.invoices.recordPayment(number, {
      amountCents: 1_000,
      method: 'bank-transfer',
      reference: 'BACS 1\r=1+2',
      receivedOn: dayOf(Date.now()),
      recordedAt: new Date().toISOString(),
      recordedBy: shop.admin.email,
    });
    expect(recorded.outcome).toBe('RECORDED');

    const res = await as(
      shop.admin,
      request(shop.app).get(`/api/companies/${companyId}/statement.csv`),
    ).expect(200);

    expect(res.text.split('\r\n')[0]).toBe(
      'Date,Type,Document,Order,Due date,Reference,Debit,Credit,State',
    );
    expect(res.text).not.toContain('HYPERLINK');
    // The only carriage returns end rows: the reference's is inside a quoted, guarded cell.
    const rows = parseCsv(res.text);
    const payment = rows.find((row) => row[1] === 'Bank transfer');
    expect(payment?.[5]).toBe('BACS 1\r=1+2');
    expect(res.text).toContain('"BACS 1\r=1+2"');
    for (const row of rows) for (const cell of row) expect(cell).not.toMatch(/^[=+@]/);
  });
});

describe('POST /api/invoices/{number}/payments', () => {
  it('when the money is said to have arrived before the invoice was issued, then 400 and nothing is recorded', async () => {
    const { number, issuedOn } = await invoicedCompany('Early Bird Ltd', 5);
    const before = dayOf(Date.parse(`${issuedOn}T00:00:00Z`) - DAY_MS);

    const res = await pay(number, { amount: 10, reference: 'BACS 9', receivedOn: before }).expect(
      400,
    );
    expect(res.body.error.code).toBe('VALIDATION_ERROR');
    expect(res.body.error.message).toMatch(/before the invoice was issued/);
    expect((await shop.store.invoices.getOnTerms(number))?.payments).toEqual([]);

    await pay(number, { amount: 10, reference: 'BACS 9', receivedOn: issuedOn }).expect(201);
  });

  it('when the date is in the future, then 400', async () => {
    const { number } = await invoicedCompany('Tomorrow Ltd');
    const res = await pay(number, {
      amount: 10,
      reference: 'BACS 10',
      receivedOn: dayOf(Date.now() + 2 * DAY_MS),
    }).expect(400);
    expect(res.body.error.message).toBe('The date received cannot be in the future');
  });

  it('when the reference holds a control character, then 400 names the field', async () => {
    const { number } = await invoicedCompany('Control Ltd');
    const res = await pay(number, {
      amount: 10,
      reference: 'BACS\r=1+2',
      receivedOn: dayOf(Date.now()),
    }).expect(400);
    expect(res.body.error.message).toBe('Reference must not contain control characters');
  });
});
