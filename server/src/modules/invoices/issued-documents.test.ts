import request from 'supertest';
import { describe, expect, it } from 'vitest';
import { ErrorBodySchema } from '@toolworks/contract/errors';
import type { OrderRecord } from '../../store/store.js';
import { paymentNoticed, placeOrder, useTestGatewayShop } from '../../test/payments-fixtures.js';
import { signInToShop, type ShopSession } from '../../test/sign-in.js';
import { buildTool } from '../../test/factories.js';
import { pdfText } from '../../test/smtp-catcher.js';
import { testDeps } from '../../test/sign-in.js';
import { createApp } from '../../app.js';
import { formatDate } from '../../mail/html.js';
import { createTestClock } from '../test-clock/index.js';
import { useSignedIn } from '../../test/test-app.js';

// Issue 23: an issued invoice never changes, and a refund gets its own credit note.
const { shop: gatewayShop, intentFor, confirm, paidOrderOn } = useTestGatewayShop();
const shop = useSignedIn(gatewayShop, { admin: { displayName: 'Ada Admin', admin: true } });

const profile = (overrides: Record<string, string> = {}) => ({
  name: 'Casey Customer',
  country: 'Canada',
  street_address: '12 Harbour Street',
  city: 'Halifax',
  state: 'NS',
  postal_code: 'B3J 1A1',
  company_name: 'Harbour Fixings Ltd.',
  vat_id: 'CA-123456',
  ...overrides,
});

const saveProfile = (session: ShopSession, body: object) =>
  request(shop.app)
    .post('/api/addUser')
    .set('Authorization', session.bearer)
    .send(body)
    .expect(200);

const download = (session: ShopSession, id: string, doc: 'invoice' | 'credit-note') =>
  request(shop.app)
    .get(`/api/order/${id}/${doc}.pdf`)
    .set('Authorization', session.bearer)
    .buffer(true)
    .parse((res, done) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () => done(null, Buffer.concat(chunks)));
    });

const textOf = async (session: ShopSession, id: string, doc: 'invoice' | 'credit-note') => {
  const res = await download(session, id, doc).expect(200);
  expect(res.headers['content-type']).toBe('application/pdf');
  return pdfText(res.body as Buffer);
};

async function paidOrder(email = shop.customer.email, session = shop.customer) {
  const order = await placeOrder(shop.store, email);
  await confirm(await intentFor(order, session), {}, session).expect(200);
  await paymentNoticed(shop.store, order._id);
  return (await shop.store.orders.get(order._id)) as OrderRecord;
}

const refund = (id: string, reason?: string) =>
  request(shop.app)
    .post(`/api/order/${id}/refund`)
    .set('Authorization', shop.admin.bearer)
    .send(reason ? { reason } : {})
    .expect(200);

describe('GET /api/order/{id}/invoice.pdf once issued', () => {
  it('when the buyer edits the profile after paying, then the invoice still shows it as it was at payment, delivering to the order’s address', async () => {
    await saveProfile(shop.customer, profile());
    const order = await paidOrder();
    await saveProfile(
      shop.customer,
      profile({ company_name: 'Renamed Corp', vat_id: 'NEW-999', street_address: '1 New Road' }),
    );

    const text = await textOf(shop.customer, order._id, 'invoice');
    for (const expected of [
      'Harbour Fixings Ltd.',
      'VAT ID: CA-123456',
      '12 Harbour Street',
      'Halifax, NS B3J 1A1',
      'DELIVER TO',
      order.userAddress.split(',')[0]!,
    ])
      expect(text).toContain(expected);
    for (const later of ['Renamed Corp', 'NEW-999', '1 New Road'])
      expect(text).not.toContain(later);
    const invoice = await shop.store.invoices.get(order._id);
    expect(invoice?.snapshot?.buyer).toMatchObject({
      company: 'Harbour Fixings Ltd.',
      vatId: 'CA-123456',
      billingAddress: ['12 Harbour Street', 'Halifax, NS B3J 1A1', 'Canada'],
    });
  });

  it('when the profile changes again or the account is removed after a download, then the next download reads the same', async () => {
    const buyer = await signInToShop(shop.app, shop.store, { displayName: 'Rita Removed' });
    await saveProfile(buyer, profile({ name: 'Rita Removed', company_name: 'Rita Tools' }));
    const order = await paidOrder(buyer.email, buyer);
    const first = await textOf(buyer, order._id, 'invoice');
    expect(first).toContain('Rita Tools');

    await saveProfile(buyer, profile({ name: 'Rita Removed', company_name: 'Other Name' }));
    expect(await textOf(buyer, order._id, 'invoice')).toBe(first);
    await request(shop.app)
      .delete(`/api/user/${encodeURIComponent(buyer.email)}`)
      .set('Authorization', shop.admin.bearer)
      .expect(200);
    expect(await textOf(shop.admin, order._id, 'invoice')).toBe(first);
  });

  it('when the buyer has no profile address, then the bill goes to the order’s delivery address', async () => {
    const buyer = await signInToShop(shop.app, shop.store, { displayName: 'No Profile' });
    const order = await paidOrder(buyer.email, buyer);
    const invoice = await shop.store.invoices.get(order._id);
    expect(invoice?.snapshot?.buyer.billingAddress).toEqual(
      invoice?.snapshot?.buyer.deliveryAddress,
    );
    expect(invoice?.snapshot?.buyer.deliveryAddress.join(', ')).toBe(order.userAddress);
  });
});

describe('GET /api/order/{id}/credit-note.pdf', () => {
  it('when a paid order is refunded, then the invoice stays as issued and a numbered credit note crediting it is downloadable and mailed', async () => {
    await saveProfile(shop.customer, profile());
    const order = await paidOrder();
    const invoiceBefore = await textOf(shop.customer, order._id, 'invoice');
    await download(shop.customer, order._id, 'credit-note').expect(404);

    await refund(order._id, 'Damaged in transit');
    await refund(order._id, 'Asked twice');

    expect(await textOf(shop.customer, order._id, 'invoice')).toBe(invoiceBefore);
    const note = await shop.store.creditNotes.get(order._id);
    const invoice = await shop.store.invoices.get(order._id);
    expect(note?.number).toMatch(/^CN-\d{4}-\d{6}$/);
    const res = await download(shop.customer, order._id, 'credit-note').expect(200);
    expect(res.headers['content-disposition']).toBe(`attachment; filename="${note!.number}.pdf"`);
    const text = await pdfText(res.body as Buffer);
    for (const expected of [
      'CREDIT NOTE',
      note!.number,
      `Credits invoice: ${invoice!.number}`,
      'Harbour Fixings Ltd.',
      'Reason: Damaged in transit',
      'Total refunded',
      '$100.00',
    ])
      expect(text).toContain(expected);
    expect(await textOf(shop.admin, order._id, 'credit-note')).toBe(text);

    const mails = (await shop.store.outbox.list({ offset: 0, limit: 500 })).items.filter(
      (m) => m.orderId === order._id && m.kind === 'order-refunded',
    );
    expect(mails).toHaveLength(1);
    expect(mails[0]?.attachments).toEqual([{ kind: 'credit-note', orderId: order._id }]);
    expect(mails[0]?.text).toContain(`Your credit note ${note!.number} is attached.`);
  });

  it('when refunds are made one after another, then their credit notes are numbered without gaps', async () => {
    const orders = await Promise.all([paidOrder(), paidOrder(), paidOrder()]);
    await Promise.all(orders.map((o) => refund(o._id)));
    const seqs = await Promise.all(
      orders.map(async (o) => (await shop.store.creditNotes.get(o._id))!.seq),
    );
    const sorted = [...seqs].sort((a, b) => a - b);
    expect(sorted[2]! - sorted[0]!).toBe(2);
    expect(new Set(seqs).size).toBe(3);
  });

  it("when the order is not refunded, someone else's or unknown, then 404; a malformed id 400", async () => {
    const paid = await paidOrder();
    const res = await download(shop.customer, paid._id, 'credit-note').expect(404);
    expect(ErrorBodySchema.parse(JSON.parse((res.body as Buffer).toString())).error.code).toBe(
      'NOT_FOUND',
    );
    await refund(paid._id);
    await download(shop.other, paid._id, 'credit-note').expect(404);
    await download(shop.customer, 'f'.repeat(24), 'credit-note').expect(404);
    await download(shop.customer, 'not-an-id', 'credit-note').expect(400);
    const unpaid = await placeOrder(shop.store, shop.customer.email);
    await download(shop.customer, unpaid._id, 'credit-note').expect(404);
    expect(await shop.store.creditNotes.get(unpaid._id)).toBeNull();
  });
});

describe('SKUs on invoices and credit notes', () => {
  it('when an order is paid and refunded, then its invoice and credit note print each line’s SKU as bought', async () => {
    const order = await paidOrder();
    const sku = order.items[0]?.sku as string;
    expect(sku).toBeTruthy();
    const invoice = await shop.store.invoices.get(order._id);
    expect(invoice?.snapshot?.lines).toEqual([expect.objectContaining({ sku })]);

    await shop.store.tools.update(order.items[0]!.toolId, {
      ...buildTool(),
      sku: 'RENAMED-AFTER-1',
    });
    const text = await textOf(shop.customer, order._id, 'invoice');
    expect(text).toContain('SKU');
    expect(text).toContain(sku);
    expect(text).not.toContain('RENAMED-AFTER-1');

    await refund(order._id);
    const note = await textOf(shop.customer, order._id, 'credit-note');
    expect(note).toContain(sku);
  });

  it('when an invoice was issued before SKUs, then it still downloads as issued, without a SKU column', async () => {
    const placed = await placeOrder(shop.store, shop.customer.email);
    const paid = await shop.store.orders.markPaid(placed._id, 'pi_before_skus');
    expect(paid?.outcome).toBe('PAID');
    const issued = await shop.store.invoices.assign(
      placed._id,
      new Date().toISOString(),
      {
        seller: { name: 'Toolworks Ltd', address: ['1 Forge Lane'] },
        buyer: {
          name: 'Early Buyer',
          email: shop.customer.email,
          billingAddress: ['2 Old Road'],
          deliveryAddress: ['2 Old Road'],
        },
        orderNumber: `TW-${placed.number}`,
        lines: [{ name: 'Early Hammer', quantity: 25, unitPriceCents: 400, lineTotalCents: 10000 }],
        subtotalCents: 10000,
        taxRatePercent: 0,
        taxCents: 0,
        totalCents: 10000,
        currency: 'USD',
        paidAt: new Date().toISOString(),
      },
      new Date().toISOString(),
    );

    const text = await textOf(shop.customer, placed._id, 'invoice');
    expect(text).toContain(issued.number);
    expect(text).toContain('Early Hammer');
    expect(text).not.toContain('SKU');
    expect(text).not.toContain(placed.items[0]?.sku as string);
  });
});

describe('the dates on issued documents', () => {
  it('when the shop’s clock runs ahead (the test clock), then the invoice and credit note are issued at its time, as the payment is', async () => {
    const testClock = createTestClock();
    testClock.advance(30);
    const clocked = createApp({
      ...testDeps(shop.store, shop.config),
      payments: shop.gateway,
      testClock,
    });
    const order = await paidOrderOn(clocked);

    const invoice = await shop.store.invoices.get(order._id);
    const paidAt = Date.parse(invoice?.snapshot?.paidAt as string);
    expect(paidAt - Date.now()).toBeGreaterThan(29 * 60_000);
    expect(Math.abs(Date.parse(invoice?.issuedAt as string) - paidAt)).toBeLessThan(60_000);
    const text = await textOf(shop.customer, order._id, 'invoice');
    expect(text).toContain(`Issued: ${formatDate(invoice?.issuedAt as string)}`);

    await request(clocked)
      .post(`/api/order/${order._id}/refund`)
      .set('Authorization', shop.admin.bearer)
      .send({})
      .expect(200);
    await request(clocked)
      .get(`/api/order/${order._id}/credit-note.pdf`)
      .set('Authorization', shop.customer.bearer)
      .expect(200);
    const note = await shop.store.creditNotes.get(order._id);
    expect(Date.parse(note?.issuedAt as string) - Date.now()).toBeGreaterThan(29 * 60_000);
  });
});
