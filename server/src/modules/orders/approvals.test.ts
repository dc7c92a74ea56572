import request from 'supertest';
import { describe, expect, it } from 'vitest';
import { OrderListSchema, OrderSchema } from '@toolworks/contract/orders';
import { renderBodySource } from './mail/body-source.js';
import { buildTool } from '../../test/factories.js';
import { signInToShop, type ShopSession } from '../../test/sign-in.js';
import { createTradeCompany } from '../../test/trade-company.js';
import { testConfig, useSignedIn, useTestApp } from '../../test/test-app.js';

const shop = useSignedIn(useTestApp(testConfig({ MAX_UNPAID_ORDERS: '1000' })), {
  shopAdmin: { displayName: 'Ada Admin', admin: true },
});

const as = (who: ShopSession, req: request.Test) => req.set('Authorization', who.bearer);
const emailOf = (who: ShopSession) => who.email.toLowerCase();

interface Team {
  companyId: string;
  boss: ShopSession;
  approver: ShopSession;
  buyer: ShopSession;
  colleague: ShopSession;
}

/** A company: its company-admin, an approver, and two buyers (the first with these limits). */
async function team(limits: { perOrder?: number; perMonth?: number }): Promise<Team> {
  const [boss, approver, buyer, colleague] = await Promise.all(
    ['Bea Boss', 'Al Approver', 'Bo Buyer', 'Cy Colleague'].map((displayName) =>
      signInToShop(shop.app, shop.store, { displayName }),
    ),
  );
  const companyId = await createTradeCompany(shop.store, boss!, {
    company: { name: 'Approvals Ltd', paymentTerms: 'none', creditLimitCents: 0 },
    members: [
      { ...approver!, role: 'approver' },
      { ...buyer!, role: 'buyer' },
      { ...colleague!, role: 'buyer' },
    ],
  });
  await shop.store.companies.updateMember(companyId, emailOf(buyer!), {
    ...(limits.perOrder !== undefined && { spendingLimitPerOrderCents: limits.perOrder * 100 }),
    ...(limits.perMonth !== undefined && { spendingLimitPerMonthCents: limits.perMonth * 100 }),
  });
  return {
    companyId,
    boss: boss!,
    approver: approver!,
    buyer: buyer!,
    colleague: colleague!,
  };
}

/** A $10 tool with plenty of stock and a minimum of 1. */
const tool = () =>
  shop.store.tools.create(
    buildTool({ priceCents: 1000, availableQuantity: 500, minimumOrderQuantity: 1 }),
  );
const stockOf = async (id: string) => (await shop.store.tools.get(id))?.availableQuantity;

const buyNow = (who: ShopSession, toolId: string, quantity: number) =>
  as(who, request(shop.app).post('/api/addOrderItem')).send({
    toolId,
    quantity,
    userPhone: '+1 555 0100',
    userAddress: '9 Yard Road, Leeds',
  });

async function checkout(who: ShopSession, toolId: string, quantity: number) {
  await as(who, request(shop.app).put(`/api/cart/${toolId}`))
    .send({ quantity })
    .expect(200);
  return as(who, request(shop.app).post('/api/checkout')).send({
    userPhone: '+1 555 0100',
    userAddress: '9 Yard Road, Leeds',
    expectedTotal: quantity * 10,
  });
}

async function mailsTo(email: string, kind: string) {
  const { items } = await shop.store.outbox.list({ offset: 0, limit: 500 });
  return items.filter((m) => m.to === email.toLowerCase() && m.kind === kind);
}

/** An order of `team.buyer` above their $100 limit per order: awaiting approval. */
async function awaitingOrder(t: Team, quantity = 20) {
  const drill = await tool();
  const res = await buyNow(t.buyer, drill._id, quantity).expect(201);
  expect(res.body.status).toBe('awaiting_approval');
  return { order: OrderSchema.parse(res.body), toolId: drill._id };
}

describe('spending limits at order placement', () => {
  it('when a buyer checks out on invoice above their limit, then the order awaits approval and no invoice is issued yet', async () => {
    const t = await team({ perOrder: 100 });
    await shop.store.companies.update(t.companyId, {
      name: 'Approvals Ltd',
      vatId: 'GB123456789',
      billingAddress: '1 Quay Street, Bristol',
      deliveryAddresses: [{ label: 'Main', address: '1 Quay Street, Bristol' }],
      paymentTerms: 'net-30',
      creditLimitCents: 1_000_000,
    });
    const drill = await tool();
    await as(t.buyer, request(shop.app).put(`/api/cart/${drill._id}`))
      .send({ quantity: 20 })
      .expect(200);

    const res = await as(t.buyer, request(shop.app).post('/api/checkout'))
      .send({
        userPhone: '+1 555 0100',
        userAddress: '9 Yard Road, Leeds',
        expectedTotal: 200,
        paymentMethod: 'invoice',
      })
      .expect(201);

    expect(res.body.status).toBe('awaiting_approval');
    expect(await shop.store.invoices.get(res.body._id)).toBeNull();
  });

  it('when a buyer checks out above their limit per order, then the order awaits approval, holds its stock without a clock, and the approvers are emailed', async () => {
    const t = await team({ perOrder: 100 });
    const drill = await tool();
    const within = OrderSchema.parse((await checkout(t.buyer, drill._id, 10)).body);
    expect(within).toMatchObject({ status: 'unpaid', companyId: t.companyId });
    const res = await checkout(t.buyer, drill._id, 11);
    expect(res.status).toBe(201);
    const above = OrderSchema.parse(res.body);
    expect(above).toMatchObject({ status: 'awaiting_approval', companyId: t.companyId });
    expect(above.expiresAt).toBeUndefined();
    expect(await stockOf(drill._id)).toBe(500 - 21);

    for (const approver of [t.boss, t.approver]) {
      const [mail] = await mailsTo(approver.email, 'order-approval-request');
      expect(mail?.text).toContain(above.number);
      expect(mail?.text).toContain('/dashboard/my-company#approvals');
      // The buyer's name is free text: in the body, never in the subject.
      expect(mail?.text).toContain(above.userName);
      expect(mail?.subject).toContain(above.number);
      expect(mail?.subject).not.toContain(above.userName);
    }
    expect(await mailsTo(t.buyer.email, 'order-approval-request')).toEqual([]);
    expect(await mailsTo(t.colleague.email, 'order-approval-request')).toEqual([]);
    expect(await mailsTo(t.buyer.email, 'order-awaiting-approval')).toHaveLength(1);
  });

  it("when a Buy Now would take the buyer's month above the monthly limit, then it awaits approval; a cancelled order does not count", async () => {
    const t = await team({ perMonth: 300 });
    const drill = await tool();
    await buyNow(t.buyer, drill._id, 20).expect(201);
    const cancelled = await buyNow(t.buyer, drill._id, 10).expect(201);
    await as(t.buyer, request(shop.app).delete(`/api/order/${cancelled.body._id}`)).expect(200);
    expect((await buyNow(t.buyer, drill._id, 10).expect(201)).body.status).toBe('unpaid');
    expect((await buyNow(t.buyer, drill._id, 1).expect(201)).body.status).toBe('awaiting_approval');
  });

  it('when a colleague without limits orders a lot, then nothing awaits approval', async () => {
    const t = await team({ perOrder: 100 });
    const drill = await tool();
    expect((await buyNow(t.colleague, drill._id, 400).expect(201)).body.status).toBe('unpaid');
  });

  it('when an order awaits approval, then it can be neither paid nor shipped', async () => {
    const t = await team({ perOrder: 100 });
    const { order } = await awaitingOrder(t);
    const intent = await as(t.buyer, request(shop.app).post('/api/create-payment-intent'))
      .send({ orderId: order._id })
      .expect(409);
    expect(intent.body.error.message).toMatch(/approval/);
    await as(shop.shopAdmin, request(shop.app).patch(`/api/order/${order._id}/ship`))
      .send({ carrier: 'UPS' })
      .expect(409);
    expect((await shop.store.orders.get(order._id))?.status).toBe('awaiting_approval');
  });
});

describe('POST /api/order/:id/approve', () => {
  it('when an approver approves, then the order becomes unpaid with a fresh reservation, the buyer is emailed, and can pay by card', async () => {
    const t = await team({ perOrder: 100 });
    const { order } = await awaitingOrder(t);
    const before = Date.now();
    const res = await as(
      t.approver,
      request(shop.app).post(`/api/order/${order._id}/approve`),
    ).expect(200);
    const approved = OrderSchema.parse(res.body);
    expect(approved).toMatchObject({ status: 'unpaid', approvedBy: emailOf(t.approver) });
    const expires = Date.parse(approved.expiresAt ?? '');
    expect(expires).toBeGreaterThanOrEqual(before + 59 * 60_000);
    const [mail] = await mailsTo(t.buyer.email, 'order-approved');
    expect(mail?.subject).toContain('approved');
    const intent = await as(t.buyer, request(shop.app).post('/api/create-payment-intent'))
      .send({ orderId: order._id })
      .expect(200);
    expect(intent.body.clientSecret).toBeTruthy();
  });

  it('when two approvers approve at once, then it is approved once and the other gets 409 ALREADY_DECIDED', async () => {
    const t = await team({ perOrder: 100 });
    const { order } = await awaitingOrder(t);
    const results = await Promise.all(
      [t.boss, t.approver].map((who) =>
        as(who, request(shop.app).post(`/api/order/${order._id}/approve`)),
      ),
    );
    expect(results.map((r) => r.status).sort()).toEqual([200, 409]);
    const loser = results.find((r) => r.status === 409);
    expect(loser?.body.error).toEqual({
      code: 'ALREADY_DECIDED',
      message: 'This order was approved already',
    });
    expect(await mailsTo(t.buyer.email, 'order-approved')).toHaveLength(1);
  });

  it('when the buyer, a buyer colleague or the shop admin tries to approve, then 403; someone outside the company gets 404', async () => {
    const t = await team({ perOrder: 100 });
    const other = await team({});
    const { order } = await awaitingOrder(t);
    const approve = (who: ShopSession) =>
      as(who, request(shop.app).post(`/api/order/${order._id}/approve`));
    expect((await approve(t.buyer)).status).toBe(403);
    expect((await approve(t.colleague)).status).toBe(403);
    expect((await approve(shop.shopAdmin)).status).toBe(403);
    expect((await approve(other.boss)).status).toBe(404);
    expect((await shop.store.orders.get(order._id))?.status).toBe('awaiting_approval');
  });

  it('when an approver orders above their own limit, then they cannot approve it themselves', async () => {
    const t = await team({});
    await shop.store.companies.updateMember(t.companyId, emailOf(t.approver), {
      spendingLimitPerOrderCents: 0,
    });
    const drill = await tool();
    const own = await buyNow(t.approver, drill._id, 1).expect(201);
    expect(own.body.status).toBe('awaiting_approval');
    const res = await as(t.approver, request(shop.app).post(`/api/order/${own.body._id}/approve`));
    expect(res.status).toBe(403);
    await as(t.boss, request(shop.app).post(`/api/order/${own.body._id}/approve`)).expect(200);
  });
});

describe('POST /api/order/:id/reject', () => {
  it('when the reason is missing, blank or too long, then 400 and nothing changes', async () => {
    const t = await team({ perOrder: 100 });
    const { order } = await awaitingOrder(t);
    for (const body of [{}, { reason: '   ' }, { reason: 'x'.repeat(501) }, { reason: 7 }]) {
      const res = await as(t.boss, request(shop.app).post(`/api/order/${order._id}/reject`))
        .send(body)
        .expect(400);
      expect(res.body.error.code).toBe('VALIDATION_ERROR');
    }
    expect((await shop.store.orders.get(order._id))?.status).toBe('awaiting_approval');
  });

  it('when an approver rejects with a reason, then the stock returns, the buyer is emailed the reason, and it can no longer be approved', async () => {
    const t = await team({ perOrder: 100 });
    const { order, toolId } = await awaitingOrder(t, 30);
    expect(await stockOf(toolId)).toBe(470);
    const res = await as(t.boss, request(shop.app).post(`/api/order/${order._id}/reject`))
      .send({ reason: '  Over this month’s budget  ' })
      .expect(200);
    expect(res.body).toMatchObject({
      status: 'rejected',
      rejectionReason: 'Over this month’s budget',
      iscancelled: true,
    });
    expect(await stockOf(toolId)).toBe(500);
    const [mail] = await mailsTo(t.buyer.email, 'order-rejected');
    expect(mail?.text).toContain('Reason: Over this month’s budget');
    const late = await as(t.approver, request(shop.app).post(`/api/order/${order._id}/approve`));
    expect(late.status).toBe(409);
    expect(late.body.error).toMatchObject({ code: 'ALREADY_DECIDED' });
    const mine = await as(t.buyer, request(shop.app).get(`/api/order/${order._id}`)).expect(200);
    expect(mine.body).toMatchObject({
      status: 'rejected',
      rejectionReason: 'Over this month’s budget',
    });
  });
});

describe('GET /api/company/approvals and /api/company/orders', () => {
  it('when the company-admin lists them, then they see the awaiting orders and every order of the company with its buyer; buyers are refused', async () => {
    const t = await team({ perOrder: 100 });
    const drill = await tool();
    const { order: awaiting } = await awaitingOrder(t);
    const colleagues = await buyNow(t.colleague, drill._id, 2).expect(201);
    const approvals = OrderListSchema.parse(
      (await as(t.boss, request(shop.app).get('/api/company/approvals')).expect(200)).body,
    );
    expect(approvals.map((o) => o._id)).toEqual([awaiting._id]);
    const all = OrderListSchema.parse(
      (await as(t.approver, request(shop.app).get('/api/company/orders')).expect(200)).body,
    );
    expect(all.map((o) => [o._id, o.userEmail])).toEqual([
      [colleagues.body._id, emailOf(t.colleague)],
      [awaiting._id, emailOf(t.buyer)],
    ]);
    expect(all[1]?.userName).toBe('Bo Buyer');
    await as(t.buyer, request(shop.app).get('/api/company/orders')).expect(403);
    await as(t.buyer, request(shop.app).get('/api/company/approvals')).expect(403);
    await as(shop.shopAdmin, request(shop.app).get('/api/company/orders')).expect(403);
  });

  it("when the company-admin opens a colleague's paid order and its invoice, then both are theirs to see; another company's admin gets 404", async () => {
    const t = await team({});
    const other = await team({});
    const drill = await tool();
    const placed = await buyNow(t.colleague, drill._id, 2).expect(201);
    await shop.store.orders.markPaid(placed.body._id, 'pi_company_invoice');
    await as(t.boss, request(shop.app).get(`/api/order/${placed.body._id}`)).expect(200);
    const pdf = await as(
      t.boss,
      request(shop.app).get(`/api/order/${placed.body._id}/invoice.pdf`),
    );
    expect(pdf.status).toBe(200);
    expect(pdf.headers['content-type']).toBe('application/pdf');
    await as(other.boss, request(shop.app).get(`/api/order/${placed.body._id}`)).expect(404);
    await as(other.boss, request(shop.app).get(`/api/order/${placed.body._id}/invoice.pdf`)).expect(
      404,
    );
    // Seeing is not cancelling: only the buyer (or the shop) cancels.
    const unpaid = await buyNow(t.colleague, drill._id, 2).expect(201);
    await as(t.boss, request(shop.app).delete(`/api/order/${unpaid.body._id}`)).expect(403);
  });
});

describe('DELETE /api/user/:email and company membership', () => {
  it("when the shop removes a member, then their membership ends and their order awaiting approval is cancelled; the company's only company-admin cannot be removed", async () => {
    const t = await team({ perOrder: 100 });
    const { order, toolId } = await awaitingOrder(t);
    await as(shop.shopAdmin, request(shop.app).delete(`/api/user/${emailOf(t.buyer)}`)).expect(200);
    expect(await shop.store.companies.membershipOf(emailOf(t.buyer))).toBeNull();
    expect((await shop.store.orders.get(order._id))?.status).toBe('cancelled');
    expect(await stockOf(toolId)).toBe(500);

    const refused = await as(
      shop.shopAdmin,
      request(shop.app).delete(`/api/user/${emailOf(t.boss)}`),
    );
    expect(refused.status).toBe(409);
    expect(refused.body.error.message).toMatch(/only company admin/);
    expect(await shop.store.companies.membershipOf(emailOf(t.boss))).not.toBeNull();
    expect(await shop.store.users.getByEmail(emailOf(t.boss))).not.toBeNull();
  });
});

describe('POST /api/order/:id/approve of an order placed on invoice', () => {
  /** `team.buyer`'s $200 checkout on invoice, above their $100 limit, in a net-30 company. */
  async function invoiceOrderAwaiting(creditLimitCents: number) {
    const t = await team({ perOrder: 100 });
    await shop.store.companies.update(t.companyId, {
      name: 'Approvals Ltd',
      vatId: 'GB123456789',
      billingAddress: '1 Quay Street, Bristol',
      deliveryAddresses: [{ label: 'Main', address: '1 Quay Street, Bristol' }],
      paymentTerms: 'net-30',
      creditLimitCents,
    });
    const drill = await tool();
    await as(t.buyer, request(shop.app).put(`/api/cart/${drill._id}`))
      .send({ quantity: 20 })
      .expect(200);
    const res = await as(t.buyer, request(shop.app).post('/api/checkout'))
      .send({
        userPhone: '+1 555 0100',
        userAddress: '9 Yard Road, Leeds',
        expectedTotal: 200,
        paymentMethod: 'invoice',
      })
      .expect(201);
    expect(res.body.status).toBe('awaiting_approval');
    return { t, order: OrderSchema.parse(res.body), toolId: drill._id };
  }
  const approve = (who: ShopSession, id: string) =>
    as(who, request(shop.app).post(`/api/order/${id}/approve`));

  it('when an approver approves it, then it is confirmed on terms with its invoice due in 30 days, and the buyer is emailed', async () => {
    const { t, order, toolId } = await invoiceOrderAwaiting(1_000_000);
    const [waiting] = await mailsTo(t.buyer.email, 'order-awaiting-approval');
    const waitingText = waiting?.bodySource
      ? renderBodySource(waiting.bodySource, 'http://shop.test').text
      : waiting?.text;
    expect(waitingText).toContain('confirmed on your company’s payment terms');
    expect(waitingText).not.toContain('you can pay');
    const res = await approve(t.approver, order._id).expect(200);
    const approved = OrderSchema.parse(res.body);
    expect(approved).toMatchObject({
      status: 'confirmed',
      paymentMethod: 'invoice',
      onInvoice: true,
      approvedBy: emailOf(t.approver),
    });
    expect(approved.expiresAt).toBeUndefined();
    expect(await stockOf(toolId)).toBe(500 - 20);

    const invoices = await as(t.boss, request(shop.app).get('/api/company/invoices')).expect(200);
    const due = new Date();
    due.setUTCDate(due.getUTCDate() + 30);
    expect(invoices.body).toEqual([
      expect.objectContaining({
        orderId: order._id,
        dueDate: due.toISOString().slice(0, 10),
        total: 200,
        balance: 200,
      }),
    ]);
    const [mail] = await mailsTo(t.buyer.email, 'order-approved');
    const number = invoices.body[0].number as string;
    expect(mail?.subject).toBe(`Order ${order.number} approved and confirmed on invoice ${number}`);
    const dueShown = due.toLocaleDateString('en-US', { dateStyle: 'medium', timeZone: 'UTC' });
    expect(mail?.text).toContain(`Invoice ${number} is attached: please pay it by ${dueShown}`);
    expect(mail?.text).toContain('Net 30 days');
    expect(mail?.attachments).toEqual([{ kind: 'invoice', orderId: order._id }]);
    expect(mail?.text).not.toContain('Pay now');
  });

  it('when approving it would exceed the credit limit, then 409 CREDIT_LIMIT_EXCEEDED, it still awaits approval, and no invoice is issued', async () => {
    const { t, order } = await invoiceOrderAwaiting(15_000);
    const res = await approve(t.approver, order._id).expect(409);
    expect(res.body.error.code).toBe('CREDIT_LIMIT_EXCEEDED');
    expect(res.body.error.message).toContain('$150.00');
    expect(res.body.error.message).toContain('still awaits approval');
    expect((await shop.store.orders.get(order._id))?.status).toBe('awaiting_approval');
    expect(await shop.store.invoices.get(order._id)).toBeNull();
    expect(await mailsTo(t.buyer.email, 'order-approved')).toEqual([]);
  });

  it('when its buyer was removed from the company meanwhile, then 409 and it is not confirmed on the company terms', async () => {
    const { t, order } = await invoiceOrderAwaiting(1_000_000);
    expect(await shop.store.companies.removeMember(t.companyId, emailOf(t.buyer))).toBe('REMOVED');
    const res = await approve(t.approver, order._id).expect(409);
    expect(res.body.error.message).toMatch(/no longer on your company.s payment terms/);
    expect((await shop.store.orders.get(order._id))?.status).toBe('awaiting_approval');
    expect(await shop.store.invoices.get(order._id)).toBeNull();
  });

  it('when two approvers approve it at once, then one invoice is issued and the other gets 409 ALREADY_DECIDED', async () => {
    const { t, order } = await invoiceOrderAwaiting(1_000_000);
    const results = await Promise.all([approve(t.boss, order._id), approve(t.approver, order._id)]);
    expect(results.map((r) => r.status).sort()).toEqual([200, 409]);
    expect(results.find((r) => r.status === 409)?.body.error.code).toBe('ALREADY_DECIDED');
    const invoices = await as(t.boss, request(shop.app).get('/api/company/invoices')).expect(200);
    expect(invoices.body).toHaveLength(1);
  });
});
