import request from 'supertest';
import { describe, expect, it } from 'vitest';
import { OrderSchema } from '@toolworks/contract/orders';
import { paymentsApp, placeOrder, useTestGatewayShop } from '../../test/payments-fixtures.js';

const { shop, intentFor, confirm, markPaid } = useTestGatewayShop();

describe('PATCH /api/order/:id with the test gateway', () => {
  it('when the payment succeeded, then 200 with the paid order, and repeating it is harmless', async () => {
    const order = await placeOrder(shop.store, shop.customer.email);
    const secret = await intentFor(order);
    await confirm(secret).expect(200);
    const transactionId = secret.split('_secret_')[0];

    const first = await markPaid(order, { order: order._id, transactionId }).expect(200);
    const again = await markPaid(order, { order: order._id, transactionId }).expect(200);

    expect(OrderSchema.parse(first.body)).toMatchObject({
      _id: order._id,
      isPaid: true,
      transactionId,
    });
    expect(again.body).toEqual(first.body);
  });

  it('when the transaction id is forged, then 402 and the order stays unpaid', async () => {
    const order = await placeOrder(shop.store, shop.customer.email);
    await intentFor(order);
    const res = await markPaid(order, { order: order._id, transactionId: 'pi_test_forged' }).expect(
      402,
    );
    expect(res.body.error).toEqual({ code: 'PAYMENT_FAILED', message: 'No such payment' });
    expect((await shop.store.orders.get(order._id))?.isPaid).toBe(false);
  });

  it("when the transaction paid the customer's other order, then 402 and this order stays unpaid", async () => {
    const paidOrder = await placeOrder(shop.store, shop.customer.email);
    const unpaidOrder = await placeOrder(shop.store, shop.customer.email);
    const secret = await intentFor(paidOrder);
    await confirm(secret).expect(200);

    const res = await markPaid(unpaidOrder, { transactionId: secret.split('_secret_')[0] }).expect(
      402,
    );

    expect(res.body.error.message).toBe('This payment is for another order');
    expect((await shop.store.orders.get(unpaidOrder._id))?.isPaid).toBe(false);
  });

  it('when the intent exists but was not paid, then 402', async () => {
    const order = await placeOrder(shop.store, shop.customer.email);
    const secret = await intentFor(order);
    const res = await markPaid(order, { transactionId: secret.split('_secret_')[0] }).expect(402);
    expect(res.body.error.message).toBe('The payment has not succeeded');
  });

  it('when the order is paid and another transaction id is sent, then 409 and the first id is kept', async () => {
    const order = await placeOrder(shop.store, shop.customer.email);
    const secret = await intentFor(order);
    await confirm(secret).expect(200);
    await markPaid(order, { transactionId: 'pi_test_other' }).expect(409);
    expect((await shop.store.orders.get(order._id))?.transactionId).toBe(
      secret.split('_secret_')[0],
    );
  });

  it("when another customer marks someone's order, then 404; anonymous 401; mismatched body 400", async () => {
    const order = await placeOrder(shop.store, shop.customer.email);
    await markPaid(order, { transactionId: 'pi_test_x' }, shop.other).expect(404);
    await request(shop.app)
      .patch(`/api/order/${order._id}`)
      .send({ transactionId: 'pi_test_x' })
      .expect(401);
    const res = await markPaid(order, { order: 'b'.repeat(24), transactionId: 'pi_test_x' }).expect(
      400,
    );
    expect(res.body.error.details).toEqual([expect.objectContaining({ path: 'order' })]);
    await markPaid(order, { transactionId: '../../v1/charges' }).expect(400);
    await request(shop.app)
      .patch('/api/order/nope')
      .set('Authorization', shop.customer.bearer)
      .send({ transactionId: 'pi_x' })
      .expect(400);
  });
});

describe('after a restart (a new process on the same store)', () => {
  it('when the browser reports a payment made before the restart, then the paid order answers 200', async () => {
    const order = await placeOrder(shop.store, shop.customer.email);
    const secret = await intentFor(order);
    await confirm(secret).expect(200);

    const { app: restarted } = paymentsApp(shop.store, shop.config);
    const transactionId = secret.split('_secret_')[0];
    const res = await markPaid(
      order,
      { order: order._id, transactionId },
      shop.customer,
      restarted,
    ).expect(200);

    expect(res.body).toMatchObject({ isPaid: true, transactionId });
  });

  it('when a payment started before the restart is confirmed after it, then it pays the order', async () => {
    const order = await placeOrder(shop.store, shop.customer.email);
    const before = await intentFor(order);

    // The intent is in the store, so the new process (or another instance) knows it.
    const { app: restarted } = paymentsApp(shop.store, shop.config);
    expect(await intentFor(order, shop.customer, restarted)).toBe(before);
    await confirm(before, {}, shop.customer, restarted).expect(200);
    expect((await shop.store.orders.get(order._id))?.transactionId).toBe(
      before.split('_secret_')[0],
    );
  });
});
