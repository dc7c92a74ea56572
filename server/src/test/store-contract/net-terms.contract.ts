import { expect, it } from 'vitest';
import type { CompanyInput, NewInvoicePayment } from '../../store/store.js';
import { buildOrderInput, buildTool, buildPayOnInvoice } from '../factories.js';
import { joinCompany } from '../trade-company.js';
import { useFreshStore, type StoreFactory } from './fresh-store.js';

const company: CompanyInput = {
  name: 'Terms Ltd',
  vatId: 'GB123456789',
  billingAddress: '1 Quay Street, Bristol',
  deliveryAddresses: [{ label: 'Main', address: '1 Quay Street, Bristol' }],
  paymentTerms: 'net-30',
  creditLimitCents: 100_000,
};

const NOW = '2030-03-10T09:00:00.000Z';

const transfer = (amountCents: number, reference = 'BANK-1'): NewInvoicePayment => ({
  amountCents,
  method: 'bank-transfer',
  reference,
  receivedOn: '2030-03-20',
  recordedAt: '2030-03-20T10:00:00.000Z',
  recordedBy: 'admin@example.com',
});

/** Issue 24, payment on invoice: confirmation on terms, credit limit, payments, reminders. */
export function netTermsContract(factory: StoreFactory): void {
  const store = useFreshStore(factory);

  const setup = async (terms: Partial<CompanyInput> = {}) => {
    const created = await store().companies.create(
      { ...company, ...terms },
      { email: 'buyer@terms.example' },
    );
    if (created === 'ALREADY_MEMBER') throw new Error('unexpected');
    const tool = await store().tools.create(
      buildTool({ priceCents: 10_000, availableQuantity: 50, minimumOrderQuantity: 1 }),
    );
    const place = (quantity: number) =>
      store().orders.place(
        buildOrderInput(tool._id, {
          quantity,
          userEmail: 'buyer@terms.example',
          now: NOW,
          payOnInvoice: buildPayOnInvoice(created._id, NOW),
        }),
      );
    return { companyId: created._id, tool, place };
  };

  it('when an order is placed on terms, then it is confirmed with its stock taken and its invoice due 30 days later', async () => {
    const { companyId, tool, place } = await setup();
    const placed = await place(3);
    if (!placed.ok) throw new Error(placed.reason);
    expect(placed.order).toMatchObject({
      status: 'confirmed',
      paymentMethod: 'invoice',
      isPaid: false,
    });
    expect(placed.order.expiresAt).toBeUndefined();
    expect((await store().tools.get(tool._id))?.availableQuantity).toBe(47);
    const [invoice] = await store().invoices.listOnTerms({ companyId });
    expect(invoice).toMatchObject({
      orderId: placed.order._id,
      paymentTerms: 'net-30',
      dueDate: '2030-04-09',
      totalCents: 30_000,
      paidCents: 0,
      snapshot: { terms: { paymentTerms: 'net-30', dueDate: '2030-04-09' } },
    });
    expect(invoice?.number).toMatch(/^INV-2030-\d{6}$/);
  });

  it('when the company has no terms or the buyer is not its member, then nothing is placed', async () => {
    const { companyId, tool, place } = await setup({ paymentTerms: 'none' });
    expect(await place(1)).toEqual({ ok: false, reason: 'NOT_ON_TERMS' });
    const stranger = await store().orders.place(
      buildOrderInput(tool._id, {
        quantity: 1,
        now: NOW,
        payOnInvoice: buildPayOnInvoice(companyId, NOW),
      }),
    );
    expect(stranger).toEqual({ ok: false, reason: 'NOT_ON_TERMS' });
    expect((await store().tools.get(tool._id))?.availableQuantity).toBe(50);
    expect(await store().invoices.listOnTerms({ companyId })).toEqual([]);
  });

  it('when orders on terms race past the credit limit, then only those within it are placed', async () => {
    const { companyId, tool, place } = await setup();
    // $1,000 of credit, $400 orders: two fit, the third does not, whoever commits first.
    const results = await Promise.all([place(4), place(4), place(4)]);
    expect(results.filter((r) => r.ok)).toHaveLength(2);
    expect(results.find((r) => !r.ok)).toEqual({
      ok: false,
      reason: 'CREDIT_LIMIT_EXCEEDED',
      availableCents: 20_000,
    });
    expect((await store().tools.get(tool._id))?.availableQuantity).toBe(42);
    expect(await store().invoices.listOnTerms({ companyId })).toHaveLength(2);
  });

  it('when payments are recorded, then never above the balance, and the last one marks the order paid', async () => {
    const { companyId, place } = await setup();
    const placed = await place(2);
    if (!placed.ok) throw new Error(placed.reason);
    const [invoice] = await store().invoices.listOnTerms({ companyId });
    const number = invoice?.number ?? '';
    expect(await store().invoices.recordPayment(number, transfer(25_000))).toEqual({
      outcome: 'OVER_BALANCE',
      balanceCents: 20_000,
    });
    const part = await store().invoices.recordPayment(number, transfer(5_000, 'PART'));
    expect(part).toMatchObject({ outcome: 'RECORDED', invoice: { paidCents: 5_000 } });
    expect((await store().orders.get(placed.order._id))?.isPaid).toBe(false);
    // Two admins recording the rest at once: one is recorded, the other is over the balance.
    const both = await Promise.all([
      store().invoices.recordPayment(number, transfer(15_000, 'REST-A')),
      store().invoices.recordPayment(number, transfer(15_000, 'REST-B')),
    ]);
    expect(both.map((r) => r.outcome).sort()).toEqual(['OVER_BALANCE', 'RECORDED']);
    const paid = await store().invoices.getOnTerms(number);
    expect(paid).toMatchObject({ paidCents: 20_000 });
    expect(paid?.payments.map((p) => p.amountCents)).toEqual([5_000, 15_000]);
    expect(await store().orders.get(placed.order._id)).toMatchObject({
      status: 'paid',
      isPaid: true,
    });
    expect(await store().invoices.recordPayment('INV-2030-999999', transfer(1))).toEqual({
      outcome: 'NOT_FOUND',
    });
  });

  it('when a shipped order on terms is paid, then it stays shipped and counts as paid', async () => {
    const { companyId, place } = await setup();
    const placed = await place(1);
    if (!placed.ok) throw new Error(placed.reason);
    expect(await store().orders.markShipped(placed.order._id, {}, NOW)).toMatchObject({
      status: 'shipped',
      isPaid: false,
    });
    const [invoice] = await store().invoices.listOnTerms({ companyId });
    await store().invoices.recordPayment(invoice?.number ?? '', transfer(10_000));
    expect(await store().orders.get(placed.order._id)).toMatchObject({
      status: 'shipped',
      isPaid: true,
    });
  });

  it('when reminders are swept, then each stage is queued once, even by sweeps at once, to the buyer and the company-admins of the day', async () => {
    const { companyId, place } = await setup();
    await place(1);
    const [invoice] = await store().invoices.listOnTerms({ companyId });
    const number = invoice?.number ?? '?';
    const join = (email: string, role: 'company-admin' | 'approver') =>
      joinCompany(store(), companyId, 'buyer@terms.example', { email, role });
    await join('approver@terms.example', 'approver');
    const sweep = (day: string) => store().invoices.sendReminders(day, `${day}T08:00:00.000Z`);
    expect(await sweep('2030-04-08')).toBe(0);
    expect(await Promise.all([sweep('2030-04-09'), sweep('2030-04-09')])).toEqual(
      expect.arrayContaining([1, 0]),
    );
    expect(await sweep('2030-04-10')).toBe(0);
    await join('second@terms.example', 'company-admin');
    expect(await sweep('2030-04-16')).toBe(1);
    // Stage 14 is due; paid in full before then, nothing more is sent.
    await store().invoices.recordPayment(number, transfer(10_000));
    expect(await sweep('2030-04-23')).toBe(0);
    const { items } = await store().outbox.list({ offset: 0, limit: 10 });
    expect(items.map((m) => `${m.to}: ${m.subject}`).sort()).toEqual([
      `buyer@terms.example: Invoice ${number} is due today`,
      `buyer@terms.example: Reminder: invoice ${number} is 7 days overdue`,
      `second@terms.example: Reminder: invoice ${number} is 7 days overdue`,
    ]);
    expect(items.every((m) => m.bodySource?.template === 'invoice-reminder')).toBe(true);
  });

  it('when an order on invoice above a spending limit is approved, then the approval confirms it on terms within the credit limit, once', async () => {
    const { companyId, tool, place } = await setup();
    await store().companies.updateMember(companyId, 'buyer@terms.example', {
      spendingLimitPerOrderCents: 10_000,
    });
    const placed = await place(6);
    if (!placed.ok) throw new Error(placed.reason);
    expect(placed.order).toMatchObject({ status: 'awaiting_approval', paymentMethod: 'invoice' });
    expect(await store().invoices.listOnTerms({ companyId })).toEqual([]);
    const approval = (at: string) => ({
      by: 'approver@terms.example',
      at,
      next: { status: 'confirmed' as const, payOnInvoice: buildPayOnInvoice(companyId, NOW) },
    });

    // $1,000 of credit, $400 already owed: the $600 order fits exactly; a bigger debt refuses it.
    await store().companies.updateMember(companyId, 'buyer@terms.example', {
      spendingLimitPerOrderCents: null,
    });
    const other = await place(5);
    if (!other.ok) throw new Error(other.reason);
    const refused = await store().orders.approve(placed.order._id, approval(NOW));
    expect(refused).toMatchObject({
      outcome: 'REFUSED',
      refusal: { reason: 'CREDIT_LIMIT_EXCEEDED', availableCents: 50_000 },
      order: { status: 'awaiting_approval' },
    });
    expect((await store().orders.get(placed.order._id))?.approvedBy).toBeUndefined();
    const [owed] = await store().invoices.listOnTerms({ companyId });
    await store().invoices.recordPayment(owed?.number ?? '', transfer(50_000));

    const results = await Promise.all([
      store().orders.approve(placed.order._id, approval(NOW)),
      store().orders.approve(placed.order._id, approval(NOW)),
    ]);
    expect(results.map((r) => r?.outcome).sort()).toEqual(['DONE', 'NOT_AWAITING']);
    const approved = await store().orders.get(placed.order._id);
    expect(approved).toMatchObject({
      status: 'confirmed',
      paymentMethod: 'invoice',
      approvedBy: 'approver@terms.example',
    });
    expect((await store().tools.get(tool._id))?.availableQuantity).toBe(39);
    const invoices = await store().invoices.listOnTerms({ companyId });
    expect(invoices.map((i) => [i.orderId, i.dueDate])).toContainEqual([
      placed.order._id,
      '2030-04-09',
    ]);
    expect(invoices).toHaveLength(2);
  });

  it('when the buyer of an order awaiting approval on invoice leaves the company, then approving it is refused and changes nothing', async () => {
    const { companyId, place } = await setup();
    const created = await store().companies.invite({
      companyId,
      email: 'second@terms.example',
      role: 'company-admin',
      tokenHash: 'h'.repeat(64),
      invitedBy: 'buyer@terms.example',
      expiresAt: '2999-01-01T00:00:00.000Z',
    });
    expect(created).toBeTruthy();
    await store().companies.acceptInvitation(
      'h'.repeat(64),
      { email: 'second@terms.example' },
      NOW,
    );
    await store().companies.updateMember(companyId, 'buyer@terms.example', {
      spendingLimitPerOrderCents: 10_000,
    });
    const placed = await place(2);
    if (!placed.ok) throw new Error(placed.reason);
    expect(await store().companies.removeMember(companyId, 'buyer@terms.example')).toBe('REMOVED');
    const refused = await store().orders.approve(placed.order._id, {
      by: 'second@terms.example',
      at: NOW,
      next: { status: 'confirmed', payOnInvoice: buildPayOnInvoice(companyId, NOW) },
    });
    expect(refused).toMatchObject({ outcome: 'REFUSED', refusal: { reason: 'NOT_ON_TERMS' } });
    expect((await store().orders.get(placed.order._id))?.status).toBe('awaiting_approval');
    expect(await store().invoices.listOnTerms({ companyId })).toEqual([]);
  });

  it('when a card payment of an invoice is recorded twice with one reference, then it is stored once; its test intent keeps the invoice number', async () => {
    const { companyId, place } = await setup();
    await place(2);
    const [invoice] = await store().invoices.listOnTerms({ companyId });
    const number = invoice?.number ?? '';
    const card: NewInvoicePayment = { ...transfer(5_000, 'pi_test_card1'), method: 'card' };
    const results = await Promise.all([
      store().invoices.recordPayment(number, card),
      store().invoices.recordPayment(number, card),
    ]);
    expect(results.map((r) => r.outcome).sort()).toEqual(['ALREADY_RECORDED', 'RECORDED']);
    const stored = await store().invoices.getOnTerms(number);
    expect(stored?.payments.map((p) => [p.method, p.reference])).toEqual([
      ['card', 'pi_test_card1'],
    ]);
    expect(stored?.paidCents).toBe(5_000);

    await store().testIntents.insertOnce({
      id: 'pi_test_inv1',
      clientSecret: 'pi_test_inv1_secret_x',
      status: 'requires_payment_method',
      amountCents: 15_000,
      currency: 'usd',
      orderId: invoice?.orderId ?? null,
      invoiceNumber: number,
      idempotencyKey: 'invoice-key-1',
      createdAt: Date.now(),
    });
    expect((await store().testIntents.get('pi_test_inv1'))?.invoiceNumber).toBe(number);
  });
}
