import request from 'supertest';
import { beforeAll, describe, expect, it } from 'vitest';
import { ErrorBodySchema } from '@toolworks/contract/errors';
import { ReturnSchema } from '@toolworks/contract/returns';
import { paymentNoticed, placeOrder, useTestGatewayShop } from '../../test/payments-fixtures.js';
import { signInToShop, type ShopSession } from '../../test/sign-in.js';

// Returns (RMA) through the API: the buyer asks within the window, the admin approves,
// receives (restocking) and refunds, each step once, each with the buyer's email.
const { shop, intentFor, confirm } = useTestGatewayShop();
let admin: ShopSession;
beforeAll(async () => {
  admin = await signInToShop(shop.app, shop.store, { displayName: 'Ada Admin', admin: true });
});

/** 10 x $4.00, paid by card, shipped and delivered `deliveredAt` (now by default). */
async function deliveredOrder(deliveredAt = new Date().toISOString()) {
  const order = await placeOrder(shop.store, shop.customer.email, { quantity: 10 });
  await confirm(await intentFor(order)).expect(200);
  await paymentNoticed(shop.store, order._id);
  await shop.store.orders.markShipped(order._id, {}, deliveredAt);
  await shop.store.orders.markDelivered(order._id, deliveredAt);
  return (await shop.store.orders.get(order._id))!;
}

const ask = (orderId: string, body: object, who = shop.customer) =>
  request(shop.app)
    .post(`/api/order/${orderId}/returns`)
    .set('Authorization', who.bearer)
    .send(body);
const act = (id: string, step: string, body: object = {}) =>
  request(shop.app)
    .post(`/api/returns/${id}/${step}`)
    .set('Authorization', admin.bearer)
    .send(body);
const mailsOf = async (orderId: string) =>
  (await shop.store.outbox.list({ offset: 0, limit: 500 })).items.filter(
    (m) => m.orderId === orderId && m.kind.startsWith('return-'),
  );
const stockOf = async (toolId: string) => (await shop.store.tools.get(toolId))!.availableQuantity;

describe('returns', () => {
  it('when the buyer returns 2 of 10 delivered units, then approve, receive (restock) and refund move it once each, with a credit note and an email each', async () => {
    const order = await deliveredOrder();
    const toolId = order.items[0]!.toolId;
    const asked = await ask(order._id, { lines: [{ toolId, quantity: 2 }], reason: 'Too many' });
    expect(asked.status).toBe(201);
    const made = ReturnSchema.parse(asked.body);
    expect(made).toMatchObject({ status: 'requested', lines: [{ toolId, quantity: 2 }] });

    expect((await act(made._id, 'approve').expect(200)).body.status).toBe('approved');
    expect((await act(made._id, 'approve').expect(200)).body.status).toBe('approved');
    await act(made._id, 'decline', { reason: 'late' }).expect(409);

    const before = await stockOf(toolId);
    const receive = { lines: [{ toolId, quantity: 2, disposition: 'restock' }] };
    const [a, b] = await Promise.all([
      act(made._id, 'receive', receive),
      act(made._id, 'receive', receive),
    ]);
    expect([a.status, b.status]).toEqual([200, 200]);
    expect(await stockOf(toolId)).toBe(before + 2);

    const refunded = await act(made._id, 'refund').expect(200);
    expect(refunded.body.status).toBe('refunded');
    await act(made._id, 'refund').expect(200);
    const refunds = await shop.store.refunds.listByOrder(order._id);
    expect(refunds).toEqual([
      expect.objectContaining({ amountCents: 800, returnId: made._id, method: 'card' }),
    ]);
    expect(await shop.store.creditNotes.listByOrder(order._id)).toHaveLength(1);
    expect((await shop.store.orders.get(order._id))?.status).toBe('delivered');
    expect((await mailsOf(order._id)).map((m) => m.kind).sort()).toEqual([
      'return-approved',
      'return-received',
      'return-refunded',
      'return-requested',
    ]);
    const listed = await request(shop.app)
      .get('/api/admin/returns?status=refunded')
      .set('Authorization', admin.bearer)
      .expect(200);
    expect(listed.body.map((r: { _id: string }) => r._id)).toContain(made._id);
  });

  it('when more units than delivered less those already asked back are asked, then 409', async () => {
    const order = await deliveredOrder();
    const toolId = order.items[0]!.toolId;
    await ask(order._id, { lines: [{ toolId, quantity: 8 }], reason: 'Most' }).expect(201);
    const res = await ask(order._id, { lines: [{ toolId, quantity: 3 }], reason: 'More' });
    expect(res.status).toBe(409);
    expect(ErrorBodySchema.parse(res.body).error.message).toBe(
      'Only 2 of that tool can still be returned',
    );
  });

  it('when the window has closed or the order is not delivered, then 409; someone else, 404', async () => {
    const old = await deliveredOrder(new Date(Date.now() - 31 * 86_400_000).toISOString());
    const toolId = old.items[0]!.toolId;
    const late = await ask(old._id, { lines: [{ toolId, quantity: 1 }], reason: 'Late' });
    expect(late.status).toBe(409);
    expect(late.body.error.message).toMatch(/within 30 days of delivery/);
    const fresh = await deliveredOrder();
    await ask(
      fresh._id,
      { lines: [{ toolId: fresh.items[0]!.toolId, quantity: 1 }], reason: 'x' },
      shop.other,
    ).expect(404);
    const paid = await placeOrder(shop.store, shop.customer.email);
    await ask(paid._id, {
      lines: [{ toolId: paid.items[0]!.toolId, quantity: 1 }],
      reason: 'x',
    }).expect(409);
  });

  it('when declined, then it cannot be received and the buyer is told why', async () => {
    const order = await deliveredOrder();
    const toolId = order.items[0]!.toolId;
    const { body } = await ask(order._id, { lines: [{ toolId, quantity: 1 }], reason: 'Meh' });
    expect((await act(body._id, 'decline', { reason: 'Used' }).expect(200)).body).toMatchObject({
      status: 'declined',
      declineReason: 'Used',
    });
    await act(body._id, 'receive', {
      lines: [{ toolId, quantity: 1, disposition: 'scrap' }],
    }).expect(409);
    const declined = (await mailsOf(order._id)).find((m) => m.kind === 'return-declined');
    expect(declined?.text).toContain('Reason: Used');
  });
});
