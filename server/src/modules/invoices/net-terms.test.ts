import request from 'supertest';
import { describe, expect, it } from 'vitest';
import { OrderSchema } from '@toolworks/contract/orders';
import { TermsInvoiceListSchema, TermsInvoiceSchema } from '@toolworks/contract/invoices';
import { StatsOverviewSchema } from '@toolworks/contract/stats';
import type { CompanyInput, CompanyRole, OutboxMessage } from '../../store/store.js';
import { buildOrderInput, buildTool, buildPayOnInvoice } from '../../test/factories.js';
import { signInToShop, type ShopSession } from '../../test/sign-in.js';
import { createMailSender } from '../../compose.js';
import { mailConfig, SHOP_URL, silent } from '../../test/mail-test-kit.js';
import { pdfText, startSmtpCatcher } from '../../test/smtp-catcher.js';
import { testConfig, useSignedIn, useTestApp } from '../../test/test-app.js';
import { createTradeCompany, joinCompany } from '../../test/trade-company.js';
import { renderBodySource } from '../orders/index.js';
import { createReminderSweep, renderInvoiceReminder } from './index.js';

const shop = useSignedIn(
  useTestApp(
    testConfig({
      MAX_UNPAID_ORDERS: '1000',
      SELLER_BANK_DETAILS: 'Foundry Bank, IBAN GB00 TOOL 1234 5678, BIC FOUNDGB2',
    }),
  ),
  { admin: { displayName: 'Ada Admin', admin: true } },
);

const company = (overrides: Partial<CompanyInput> = {}): CompanyInput => ({
  name: 'Harbour Workshop Ltd',
  vatId: 'GB 123 4567 89',
  billingAddress: '1 Quay Street, Bristol BS1 4DJ',
  deliveryAddresses: [{ label: 'Main', address: '7 Dock Road, Bristol' }],
  paymentTerms: 'net-30',
  creditLimitCents: 100_000,
  ...overrides,
});

/** A fresh customer who is company-admin of a new company, and a $100 tool in their cart. */
async function member(terms: Partial<CompanyInput> = {}, quantity = 2) {
  const session = await signInToShop(shop.app, shop.store, { displayName: 'Terry Terms' });
  const companyId = await createTradeCompany(shop.store, session, { company: company(terms) });
  const tool = await shop.store.tools.create(
    buildTool({ priceCents: 10_000, availableQuantity: 100, minimumOrderQuantity: 1 }),
  );
  await shop.store.carts.set(session.email, tool._id, quantity, new Date().toISOString());
  return { session, companyId, tool, total: quantity * 100 };
}

const as = (session: ShopSession, req: request.Test) => req.set('Authorization', session.bearer);
const checkout = (session: ShopSession, expectedTotal: number, paymentMethod?: string) =>
  as(session, request(shop.app).post('/api/checkout')).send({
    userPhone: '+44 117 496 0000',
    userAddress: '7 Dock Road, Bristol',
    expectedTotal,
    ...(paymentMethod && { paymentMethod }),
  });
const pay = (number: string, body: Record<string, unknown>) =>
  as(shop.admin, request(shop.app).post(`/api/invoices/${number}/payments`)).send(body);
const today = () => new Date().toISOString().slice(0, 10);
/** A day as the shop's pages show it (`Nov 28, 2026`): the words documents and emails must use. */
const shown = (day: string | undefined) =>
  new Date(`${day}T00:00:00Z`).toLocaleDateString('en-US', {
    dateStyle: 'medium',
    timeZone: 'UTC',
  });
/** The reminder sweep, run `days` after 09:00 UTC on the due date. */
const sweepAfterDue = (dueDate: string | undefined, days: number) =>
  createReminderSweep({
    store: shop.store,
    now: () => new Date(Date.parse(`${dueDate}T09:00:00Z`) + days * 86_400_000),
  })();
/** A queued reminder's words, as the sender makes them. */
const wordsOf = (mail: OutboxMessage | undefined) =>
  mail?.bodySource
    ? renderInvoiceReminder(mail.bodySource, shop.config.mail.shopUrl)
    : { text: '', html: '' };
/** The invoice reminders queued for `who`. */
const remindersTo = async (who: ShopSession) =>
  (await shop.store.outbox.list({ offset: 0, limit: 1000 })).items.filter(
    (m) => m.kind === 'invoice-reminder' && m.to === who.email.toLowerCase(),
  );

describe('POST /api/checkout with paymentMethod invoice', () => {
  it('when a member of a company on net-30 pays on invoice, then the order is confirmed and its invoice is due in 30 days', async () => {
    const { session, tool, companyId } = await member();
    const res = await checkout(session, 200, 'invoice').expect(201);
    const order = OrderSchema.parse(res.body);
    expect(order).toMatchObject({
      status: 'confirmed',
      paymentMethod: 'invoice',
      onInvoice: true,
      isPaid: false,
    });
    expect(order.expiresAt).toBeUndefined();
    expect((await shop.store.tools.get(tool._id))?.availableQuantity).toBe(98);
    const list = TermsInvoiceListSchema.parse(
      (await as(session, request(shop.app).get('/api/company/invoices')).expect(200)).body,
    );
    const due = new Date(Date.now() + 30 * 86_400_000).toISOString().slice(0, 10);
    expect(list).toEqual([
      expect.objectContaining({
        orderId: order._id,
        companyId,
        companyName: 'Harbour Workshop Ltd',
        paymentTerms: 'net-30',
        dueDate: due,
        total: 200,
        balance: 200,
        state: 'open',
      }),
    ]);
    const pdf = await as(session, request(shop.app).get(`/api/invoices/${list[0]?.number}/pdf`))
      .buffer(true)
      .parse((r, done) => {
        const chunks: Buffer[] = [];
        r.on('data', (c: Buffer) => chunks.push(c));
        r.on('end', () => done(null, Buffer.concat(chunks)));
      })
      .expect(200);
    const text = await pdfText(pdf.body as Buffer);
    expect(text).toContain('Net 30 days');
    expect(text).toContain(`Due date: ${shown(due)}`);
    expect(text).toContain(`please pay by ${shown(due)}.`);
    expect(text).not.toContain(due);
    expect(text).toContain('Foundry Bank, IBAN GB00 TOOL 1234 5678');
  });

  it("when an order is confirmed on invoice, then the buyer's email says so with the invoice's number, due date and terms, attaches the invoice and asks for no card payment", async () => {
    const { session, companyId } = await member();
    const order = (await checkout(session, 200, 'invoice').expect(201)).body;
    const [invoice] = await shop.store.invoices.listOnTerms({ companyId });
    const mails = (await shop.store.outbox.list({ offset: 0, limit: 1000 })).items.filter(
      (m) => m.orderId === order._id && m.to === session.email.toLowerCase(),
    );
    expect(mails.map((m) => m.kind)).toEqual(['order-confirmed-on-invoice']);
    const [mail] = mails;
    expect(mail?.subject).toBe(`Order ${order.number} confirmed on invoice ${invoice?.number}`);
    expect(mail?.attachments).toEqual([{ kind: 'invoice', orderId: order._id }]);
    const body = mail?.bodySource
      ? renderBodySource(mail.bodySource, shop.config.mail.shopUrl)
      : mail;
    for (const text of [body?.text ?? '', body?.html ?? '']) {
      expect(text).toContain(`${invoice?.number}`);
      expect(text).toContain(shown(invoice?.dueDate));
      expect(text).toContain('Net 30 days');
      expect(text).not.toMatch(/please pay to confirm|Pay now|hold the stock/i);
      expect(text).not.toContain('/dashboard/payment/');
    }
  });

  it('when the company has no terms, or the buyer is in none, then 403 and nothing is ordered', async () => {
    const { session, tool } = await member({ paymentTerms: 'none' });
    const res = await checkout(session, 200, 'invoice').expect(403);
    expect(res.body.error.message).toBe('Your account cannot pay on invoice: pay by card instead');
    expect((await shop.store.tools.get(tool._id))?.availableQuantity).toBe(100);
    // Card stays the default and still works.
    expect((await checkout(session, 200).expect(201)).body.status).toBe('unpaid');
  });

  it('when the member was removed from the company, then the order cannot go on its terms', async () => {
    const { session, companyId } = await member();
    const buyer = await signInToShop(shop.app, shop.store, { displayName: 'Bo Buyer' });
    await joinCompany(shop.store, companyId, session.email, { ...buyer, role: 'buyer' });
    await shop.store.carts.set(buyer.email, (await member()).tool._id, 1, new Date().toISOString());
    await shop.store.companies.removeMember(companyId, buyer.email);
    await checkout(buyer, 100, 'invoice').expect(403);
    expect(await shop.store.invoices.listOnTerms({ companyId })).toEqual([]);
  });

  it('when the order would pass the credit limit, then 409 CREDIT_LIMIT_EXCEEDED, and racing checkouts never pass it', async () => {
    // $1,000 of credit: $800 on invoice first, then $300 is refused.
    const { session, companyId, tool } = await member({}, 8);
    await checkout(session, 800, 'invoice').expect(201);
    await shop.store.carts.set(session.email, tool._id, 3, new Date().toISOString());
    const refused = await checkout(session, 300, 'invoice').expect(409);
    expect(refused.body.error).toMatchObject({
      code: 'CREDIT_LIMIT_EXCEEDED',
      details: { available: 200 },
    });
    expect(refused.body.error.message).toContain('$200.00');
    expect((await shop.store.tools.get(tool._id))?.availableQuantity).toBe(92);

    // Two colleagues' $600 orders at once against a fresh $1,000: one is placed.
    const racing = await member({}, 6);
    const colleague = await signInToShop(shop.app, shop.store, { displayName: 'Cal Colleague' });
    await joinCompany(shop.store, racing.companyId, racing.session.email, {
      ...colleague,
      role: 'buyer',
    });
    await shop.store.carts.set(colleague.email, racing.tool._id, 6, new Date().toISOString());
    const both = await Promise.all([
      checkout(racing.session, 600, 'invoice'),
      checkout(colleague, 600, 'invoice'),
    ]);
    expect(both.map((r) => r.status).sort()).toEqual([201, 409]);
    const invoices = await shop.store.invoices.listOnTerms({ companyId: racing.companyId });
    expect(invoices.map((i) => i.totalCents)).toEqual([60_000]);
    expect(companyId).not.toBe(racing.companyId);
  });
});

describe('PATCH /api/order/{id}/ship and POST /api/invoices/{number}/payments', () => {
  it('when a confirmed order ships and transfers are recorded, then the invoice goes partly paid to paid and the order counts as paid', async () => {
    const { session, companyId } = await member();
    const order = (await checkout(session, 200, 'invoice').expect(201)).body;
    const shipped = await as(shop.admin, request(shop.app).patch(`/api/order/${order._id}/ship`))
      .send({ carrier: 'DHL', trackingNumber: 'JD0001' })
      .expect(200);
    expect(shipped.body).toMatchObject({ status: 'shipped', isPaid: false });
    const [stored] = await shop.store.invoices.listOnTerms({ companyId });
    const number = stored?.number ?? '';

    const partly = TermsInvoiceSchema.parse(
      (await pay(number, { amount: 50, reference: 'BACS 1', receivedOn: today() }).expect(201))
        .body,
    );
    expect(partly).toMatchObject({ state: 'partly_paid', paid: 50, balance: 150 });
    const over = await pay(number, { amount: 150.01, reference: 'BACS 2', receivedOn: today() });
    expect(over.status).toBe(409);
    expect(over.body.error.message).toBe('The amount is more than the balance of $150.00');
    const future = new Date(Date.now() + 3 * 86_400_000).toISOString().slice(0, 10);
    await pay(number, { amount: 1, reference: 'X', receivedOn: future }).expect(400);
    const paid = await pay(number, { amount: 150, reference: 'BACS 2', receivedOn: today() });
    expect(paid.status).toBe(201);
    expect(paid.body).toMatchObject({ state: 'paid', balance: 0 });
    expect(paid.body.payments.map((p: { reference: string }) => p.reference)).toEqual([
      'BACS 1',
      'BACS 2',
    ]);
    expect(
      (await pay(number, { amount: 1, reference: 'X', receivedOn: today() })).body.error.message,
    ).toBe('This invoice is paid in full already');
    const mine = (await as(session, request(shop.app).get(`/api/order/${order._id}`)).expect(200))
      .body;
    expect(mine).toMatchObject({ status: 'shipped', isPaid: true });

    const admins = await as(
      shop.admin,
      request(shop.app).get(`/api/invoices?companyId=${companyId}`),
    );
    expect(admins.body.map((i: { state: string }) => i.state)).toEqual(['paid']);
    const statement = await as(
      shop.admin,
      request(shop.app).get(`/api/companies/${companyId}/statement.csv`),
    ).expect(200);
    expect(statement.headers['content-type']).toContain('text/csv');
    expect(statement.text.split('\r\n')[0]).toMatch(/^Date,Type,Document,/);
    expect(statement.text).toContain(`Invoice,${number}`);
    expect(statement.text).toContain('Bank transfer');
    expect(statement.text).toContain('BACS 2');
    expect(statement.text).toMatch(/Balance,,,,,0\.00/);
    const own = await as(session, request(shop.app).get('/api/company/statement.csv')).expect(200);
    expect(own.text).toBe(statement.text);

    const pdfOf = (res: request.Response) => pdfText(res.body as Buffer);
    const binary = (req: request.Test) =>
      req.buffer(true).parse((res, done) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () => done(null, Buffer.concat(chunks)));
      });
    const statementPdf = await binary(
      as(shop.admin, request(shop.app).get(`/api/companies/${companyId}/statement.pdf`)),
    ).expect(200);
    expect(statementPdf.headers['content-type']).toContain('application/pdf');
    const text = await pdfOf(statementPdf);
    expect(text).toContain('Statement of account');
    expect(text).toContain('Harbour Workshop Ltd');
    expect(text).toContain(number);
    expect(text).toContain('BACS 2');
    expect(text).toContain('Bank transfer');
    // Days as the shop writes them; the CSV keeps ISO days, which spreadsheets read as dates.
    expect(text).toContain(`drawn up ${shown(today())}`);
    expect(text).not.toContain(today());
    const ownPdf = await binary(
      as(session, request(shop.app).get('/api/company/statement.pdf')),
    ).expect(200);
    expect(await pdfOf(ownPdf)).toContain('BACS 2');
  });
});

describe('overdue invoices: reminders and the Overview', () => {
  it('when an invoice passes its due date, then reminders go out on the due date and 7 and 14 days after, once each, and the Overview counts it', async () => {
    const { session, companyId } = await member({ paymentTerms: 'net-15' });
    await checkout(session, 200, 'invoice').expect(201);
    const [invoice] = await shop.store.invoices.listOnTerms({ companyId });
    const sweepAt = (days: number) => sweepAfterDue(invoice?.dueDate, days);
    const reminders = () => remindersTo(session);
    await sweepAt(-1);
    expect(await reminders()).toHaveLength(0);
    await Promise.all([sweepAt(0), sweepAt(0)]);
    await sweepAt(3);
    expect((await reminders()).map((m) => m.subject)).toEqual([
      `Invoice ${invoice?.number} is due today`,
    ]);
    await sweepAt(7);
    await sweepAt(14);
    await sweepAt(20);
    const sent = await reminders();
    expect(sent.map((m) => m.subject).sort()).toEqual([
      `Invoice ${invoice?.number} is due today`,
      `Reminder: invoice ${invoice?.number} is 14 days overdue`,
      `Reminder: invoice ${invoice?.number} is 7 days overdue`,
    ]);
    expect(wordsOf(sent[0]).text).toContain('Balance to pay: $200.00');

    // The Overview counts invoices past their due date with a balance.
    const overdue = async () =>
      StatsOverviewSchema.parse(
        (await as(shop.admin, request(shop.app).get('/api/stats/overview')).expect(200)).body,
      ).overdueInvoices;
    const before = await overdue();
    const { tool } = await member();
    const longAgo = new Date(Date.now() - 40 * 86_400_000).toISOString();
    const late = await shop.store.orders.place(
      buildOrderInput(tool._id, {
        quantity: 1,
        userEmail: session.email,
        now: longAgo,
        payOnInvoice: buildPayOnInvoice(companyId, longAgo),
      }),
    );
    expect(late.ok).toBe(true);
    expect(await overdue()).toEqual({ count: before.count + 1, amount: before.amount + 100 });
  });

  it('when a reminder goes out after its day (the sweep did not run), then it says overdue since the due date, never "due today"', async () => {
    const { session, companyId } = await member({ paymentTerms: 'net-15' });
    await checkout(session, 200, 'invoice').expect(201);
    const [invoice] = await shop.store.invoices.listOnTerms({ companyId });
    const sweepAt = (days: number) => sweepAfterDue(invoice?.dueDate, days);
    const latest = () => remindersTo(session);

    // First sweep 3 days late: the due-date reminder is the one mailed.
    await sweepAt(3);
    const [late] = await latest();
    expect(late?.subject).toBe(`Reminder: invoice ${invoice?.number} is 3 days overdue`);
    const words = wordsOf(late);
    expect(words.text).toContain(`was due on ${shown(invoice?.dueDate)} and is 3 days overdue.`);
    expect(`${late?.subject} ${words.text} ${words.html}`).not.toMatch(/due today/);

    // The 7-day reminder, sent on day 9, counts the days that really passed.
    await sweepAt(9);
    const nine = (await latest()).find((m) => m.subject.includes('9 days overdue'));
    expect(wordsOf(nine).text).toContain(
      `was due on ${shown(invoice?.dueDate)} and is 9 days overdue.`,
    );
  });

  it('when a reminder goes out on the due date, then it says "due today" with the date', async () => {
    const { session, companyId } = await member({ paymentTerms: 'net-15' });
    await checkout(session, 200, 'invoice').expect(201);
    const [invoice] = await shop.store.invoices.listOnTerms({ companyId });
    // Late in the due date's day (UTC): still that day.
    await sweepAfterDue(invoice?.dueDate, 0.6);
    const [mail] = await remindersTo(session);
    expect(mail?.subject).toBe(`Invoice ${invoice?.number} is due today`);
    const { text, html } = wordsOf(mail);
    expect(text).toContain(`is due today (${shown(invoice?.dueDate)}).`);
    expect(`${text} ${html}`).not.toMatch(/overdue/);
  });

  it('when the sender sends a reminder, then it arrives with its words, the shop link and the invoice PDF', async () => {
    const { session, companyId } = await member({ paymentTerms: 'net-15' });
    await checkout(session, 200, 'invoice').expect(201);
    const [invoice] = await shop.store.invoices.listOnTerms({ companyId });
    await sweepAfterDue(invoice?.dueDate, 7);
    const catcher = await startSmtpCatcher();
    try {
      const sender = createMailSender({
        store: shop.store,
        config: mailConfig(catcher.url),
        logger: silent,
        // The sweep's clock, which dated the reminder's place in the outbox.
        now: () => new Date(Date.parse(`${invoice?.dueDate}T10:00:00Z`) + 7 * 86_400_000),
      });
      // The file's earlier tests queued mail too: send until the outbox has nothing due.
      while (sender && Object.values(await sender.runOnce()).some((n) => n > 0));
      await sender?.stop();
      const mail = catcher.received.find(
        (m) => m.subject === `Reminder: invoice ${invoice?.number} is 7 days overdue`,
      );
      expect(mail?.text).toContain('Balance to pay: $200.00.');
      expect(mail?.text).toContain(`Your invoices: ${SHOP_URL}/dashboard/my-company`);
      expect(mail?.html).toContain(`href="${SHOP_URL}/dashboard/my-company"`);
      expect(mail?.attachments.map((a) => a.filename)).toEqual([`${invoice?.number}.pdf`]);
    } finally {
      await catcher.close();
    }
  });

  it("when a buyer's invoice falls due, then each reminder goes to the buyer and every company-admin, once per stage", async () => {
    const { session: boss, companyId, tool } = await member();
    const join = async (displayName: string, role: CompanyRole) => {
      const who = await signInToShop(shop.app, shop.store, { displayName });
      await joinCompany(shop.store, companyId, boss.email, { ...who, role });
      return who;
    };
    const buyer = await join('Bo Buyer', 'buyer');
    const second = await join('Sam Second', 'company-admin');
    const approver = await join('Al Approver', 'approver');
    await shop.store.carts.set(buyer.email, tool._id, 1, new Date().toISOString());
    await checkout(buyer, 100, 'invoice').expect(201);
    const [invoice] = await shop.store.invoices.listOnTerms({ companyId });
    const sweepAt = (days: number) => sweepAfterDue(invoice?.dueDate, days);

    await Promise.all([sweepAt(0), sweepAt(0)]);
    await sweepAt(7);
    const sent = (await shop.store.outbox.list({ offset: 0, limit: 1000 })).items.filter(
      (m) => m.kind === 'invoice-reminder' && m.subject.includes(invoice?.number ?? '?'),
    );
    const to = (stage: string) =>
      sent
        .filter((m) => m.subject.includes(stage))
        .map((m) => m.to)
        .sort();
    const expected = [buyer, boss, second].map((s) => s.email.toLowerCase()).sort();
    expect(to('due today')).toEqual(expected);
    expect(to('7 days overdue')).toEqual(expected);
    expect(sent.map((m) => m.to)).not.toContain(approver.email.toLowerCase());
  });

  it('when an order is confirmed on invoice and shipped, then the Overview counts it as revenue only once its invoice is paid', async () => {
    const revenue = async () =>
      StatsOverviewSchema.parse(
        (await as(shop.admin, request(shop.app).get('/api/stats/overview')).expect(200)).body,
      ).totals.revenue;
    const before = await revenue();
    const { session, companyId } = await member();
    const placed = OrderSchema.parse((await checkout(session, 200, 'invoice').expect(201)).body);
    expect(placed.status).toBe('confirmed');
    expect(await revenue()).toBe(before);
    await as(shop.admin, request(shop.app).patch(`/api/order/${placed._id}/ship`))
      .send({})
      .expect(200);
    expect(await revenue()).toBe(before);
    const [invoice] = await shop.store.invoices.listOnTerms({ companyId });
    await pay(invoice?.number ?? '', {
      amount: 200,
      reference: 'BACS 1',
      receivedOn: today(),
    }).expect(201);
    expect(await revenue()).toBe(before + 200);
  });
});
