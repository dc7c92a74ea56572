import request from 'supertest';
import { beforeAll, describe, expect, it } from 'vitest';
import { ErrorBodySchema } from '@toolworks/contract/errors';
import { OrderRefundsSchema } from '@toolworks/contract/returns';
import { isTestGateway, type TestPaymentGateway } from '../payments/gateways/index.js';
import { paymentNoticed, placeOrder, useTestGatewayShop } from '../../test/payments-fixtures.js';
import { pdfText } from '../../test/smtp-catcher.js';
import { signInToShop, type ShopSession } from '../../test/sign-in.js';

// Partial refunds of card orders on the test gateway and SQLite: by line, as a sum, never more
// than is left, idempotent, each with its credit note.
const { shop, intentFor, confirm } = useTestGatewayShop();
let admin: ShopSession;
let gateway: TestPaymentGateway;
beforeAll(async () => {
  admin = await signInToShop(shop.app, shop.store, { displayName: 'Ada Admin', admin: true });
  if (!isTestGateway(shop.gateway)) throw new Error('expected the test gateway');
  gateway = shop.gateway;
});

/** 10 x $4.00, paid by card. */
async function paidOrder() {
  const order = await placeOrder(shop.store, shop.customer.email, { quantity: 10 });
  await confirm(await intentFor(order)).expect(200);
  await paymentNoticed(shop.store, order._id);
  return (await shop.store.orders.get(order._id))!;
}

const refunds = (id: string, body: object, key?: string) => {
  const req = request(shop.app).post(`/api/order/${id}/refunds`).set('Authorization', admin.bearer);
  return (key ? req.set('Idempotency-Key', key) : req).send(body);
};
const summary = async (id: string, who = shop.customer) =>
  OrderRefundsSchema.parse(
    (
      await request(shop.app)
        .get(`/api/order/${id}/refunds`)
        .set('Authorization', who.bearer)
        .expect(200)
    ).body,
  );
const creditNotePdf = (number: string, who: ShopSession) =>
  request(shop.app)
    .get(`/api/credit-notes/${number}/pdf`)
    .set('Authorization', who.bearer)
    .buffer(true)
    .parse((res, done) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () => done(null, Buffer.concat(chunks)));
    });

describe('POST /api/order/:id/refunds', () => {
  it('when 2 of 10 units are refunded by line, then the gateway refunds $8.00, the order stays paid and a credit note lists the 2 units', async () => {
    const order = await paidOrder();
    const toolId = order.items[0]!.toolId;
    const res = await refunds(order._id, { lines: [{ toolId, quantity: 2 }], reason: 'Dented' });
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({
      status: 'paid',
      paidCents: 4000,
      refundedCents: 800,
      leftCents: 3200,
      refund: { amountCents: 800, method: 'card', lines: [{ toolId, quantity: 2 }] },
    });
    expect(gateway.partialRefunds.filter((r) => r.paymentId === order.transactionId)).toEqual([
      expect.objectContaining({ amountCents: 800 }),
    ]);
    const seen = await summary(order._id);
    expect(seen.creditNotes).toHaveLength(1);
    const number = seen.creditNotes[0]!.number;
    expect(seen.refunds[0]?.creditNoteNumber).toBe(number);
    expect(seen.creditNotes[0]).toMatchObject({ totalCents: 800 });
    const text = await pdfText((await creditNotePdf(number, shop.customer).expect(200)).body);
    expect(text).toContain(number);
    expect(text).toMatch(/\$8\.00/);
    await creditNotePdf(number, shop.other).expect(404);
    const xml = await request(shop.app)
      .get(`/api/credit-notes/${number}/xml?syntax=ubl`)
      .set('Authorization', shop.customer.bearer)
      .expect(200);
    expect(xml.text).toContain('<cbc:ID>' + number + '</cbc:ID>');
    expect((await shop.store.orders.get(order._id))?.status).toBe('paid');
  });

  it('when a sum is refunded with a reason, then its credit note has one line "Refund: <reason>" for that sum', async () => {
    const order = await paidOrder();
    await refunds(order._id, { amountCents: 550, reason: 'Late delivery' }).expect(201);
    const [note] = await shop.store.creditNotes.listByOrder(order._id);
    expect(note?.snapshot.lines).toEqual([
      expect.objectContaining({ name: 'Refund: Late delivery', quantity: 1, lineTotalCents: 550 }),
    ]);
    expect(note?.snapshot.totalCents).toBe(550);
    expect(note?.snapshot.invoiceNumber).toBe((await shop.store.invoices.get(order._id))?.number);
  });

  it('when more than is left is asked, then 409 saying what is left and nothing changes', async () => {
    const order = await paidOrder();
    await refunds(order._id, { amountCents: 3000, reason: 'Partial' }).expect(201);
    const res = await refunds(order._id, { amountCents: 1001, reason: 'Too much' }).expect(409);
    expect(ErrorBodySchema.parse(res.body).error.message).toBe('Only $10.00 is left to refund');
    const toolId = order.items[0]!.toolId;
    await refunds(order._id, { lines: [{ toolId, quantity: 11 }], reason: 'x' }).expect(409);
    expect((await summary(order._id)).refundedCents).toBe(3000);
  });

  it('when the same Idempotency-Key is sent again, then the same refund answers and the gateway refunds once; with another body, 422', async () => {
    const order = await paidOrder();
    const first = await refunds(order._id, { amountCents: 400, reason: 'Once' }, 'key-1').expect(
      201,
    );
    const again = await refunds(order._id, { amountCents: 400, reason: 'Once' }, 'key-1').expect(
      201,
    );
    expect(again.body.refund._id).toBe(first.body.refund._id);
    expect(again.body.refundedCents).toBe(400);
    expect(gateway.partialRefunds.filter((r) => r.paymentId === order.transactionId)).toHaveLength(
      1,
    );
    const other = await refunds(order._id, { amountCents: 500, reason: 'Once' }, 'key-1');
    expect(other.status).toBe(422);
  });

  it('when the rest is refunded with the whole-order refund, then the order is refunded and has two credit notes', async () => {
    const order = await paidOrder();
    await refunds(order._id, { amountCents: 1000, reason: 'Part' }).expect(201);
    const res = await request(shop.app)
      .post(`/api/order/${order._id}/refund`)
      .set('Authorization', admin.bearer)
      .send({ reason: 'The rest' })
      .expect(200);
    expect(res.body.status).toBe('refunded');
    const seen = await summary(order._id);
    expect(seen).toMatchObject({ refundedCents: 4000, leftCents: 0 });
    expect(seen.creditNotes.map((n) => n.totalCents)).toEqual([1000, 3000]);
  });

  it('when the refunded lines are restocked, then the stock rises by them in the same step', async () => {
    const order = await paidOrder();
    const toolId = order.items[0]!.toolId;
    const before = (await shop.store.tools.get(toolId))!.availableQuantity;
    await refunds(order._id, {
      lines: [{ toolId, quantity: 3 }],
      reason: 'Unopened',
      restock: true,
    }).expect(201);
    expect((await shop.store.tools.get(toolId))!.availableQuantity).toBe(before + 3);
  });

  it('when the gateway fails, then 502 and nothing is recorded', async () => {
    const order = await paidOrder();
    const refund = gateway.refund.bind(gateway);
    gateway.refund = async () => {
      throw new Error('network down');
    };
    try {
      const res = await refunds(order._id, { amountCents: 100, reason: 'x' }).expect(502);
      expect(res.body.error.code).toBe('PAYMENT_FAILED');
    } finally {
      gateway.refund = refund;
    }
    expect(await shop.store.refunds.listByOrder(order._id)).toEqual([]);
  });

  it('when an unpaid order, a non-admin or a bad body, then 409, 403 and 400', async () => {
    const unpaid = await placeOrder(shop.store, shop.customer.email);
    await refunds(unpaid._id, { amountCents: 100, reason: 'x' }).expect(409);
    const paid = await paidOrder();
    await request(shop.app)
      .post(`/api/order/${paid._id}/refunds`)
      .set('Authorization', shop.customer.bearer)
      .send({ amountCents: 100, reason: 'x' })
      .expect(403);
    await refunds(paid._id, { amountCents: 100 }).expect(400);
    await refunds(paid._id, { amountCents: 1.5, reason: 'x' }).expect(400);
    await refunds(paid._id, { reason: 'neither' }).expect(400);
  });
});
