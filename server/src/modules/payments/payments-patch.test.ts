import request from 'supertest';
import type { Express } from 'express';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { OrderSchema } from '../../contract/orders.js';
import type { OrderRecord, Store } from '../../store/store.js';
import { createTestStore } from '../../test/test-store.js';
import { signInToShop, type ShopSession } from '../../test/sign-in.js';
import {
  confirmCard,
  paymentsApp,
  paymentsConfig,
  placeOrder,
  reportPayment,
  requestIntent,
} from './payments-fixtures.js';

let store: Store;
let cleanup: () => Promise<void>;
let app: Express;
let customer: ShopSession;
let other: ShopSession;
const config = paymentsConfig();

beforeAll(async () => {
  ({ store, cleanup } = await createTestStore());
  ({ app } = paymentsApp(store, config));
  [customer, other] = await Promise.all([
    signInToShop(app, store, { displayName: 'Casey Customer' }),
    signInToShop(app, store, { displayName: 'Olivia Other' }),
  ]);
});
afterAll(() => cleanup());

const intentFor = (order: OrderRecord, session = customer, target = app) =>
  requestIntent(target, session, order);
const confirm = (
  secret: string,
  overrides: Record<string, unknown> = {},
  session = customer,
  target = app,
) => confirmCard(target, session, secret, overrides);
const markPaid = (order: OrderRecord, body: object, session = customer, target = app) =>
  reportPayment(target, session, order, body);

describe('PATCH /api/order/:id with the test gateway', () => {
  it('when the payment succeeded, then 200 with the paid order, and repeating it is harmless', async () => {
    const order = await placeOrder(store, customer.email);
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
    const order = await placeOrder(store, customer.email);
    await intentFor(order);
    const res = await markPaid(order, { order: order._id, transactionId: 'pi_test_forged' }).expect(
      402,
    );
    expect(res.body.error).toEqual({ code: 'PAYMENT_FAILED', message: 'No such payment' });
    expect((await store.orders.get(order._id))?.isPaid).toBe(false);
  });

  it("when the transaction paid the customer's other order, then 402 and this order stays unpaid", async () => {
    const paidOrder = await placeOrder(store, customer.email);
    const unpaidOrder = await placeOrder(store, customer.email);
    const secret = await intentFor(paidOrder);
    await confirm(secret).expect(200);

    const res = await markPaid(unpaidOrder, { transactionId: secret.split('_secret_')[0] }).expect(
      402,
    );

    expect(res.body.error.message).toBe('This payment is for another order');
    expect((await store.orders.get(unpaidOrder._id))?.isPaid).toBe(false);
  });

  it('when the intent exists but was not paid, then 402', async () => {
    const order = await placeOrder(store, customer.email);
    const secret = await intentFor(order);
    const res = await markPaid(order, { transactionId: secret.split('_secret_')[0] }).expect(402);
    expect(res.body.error.message).toBe('The payment has not succeeded');
  });

  it('when the order is paid and another transaction id is sent, then 409 and the first id is kept', async () => {
    const order = await placeOrder(store, customer.email);
    const secret = await intentFor(order);
    await confirm(secret).expect(200);
    await markPaid(order, { transactionId: 'pi_test_other' }).expect(409);
    expect((await store.orders.get(order._id))?.transactionId).toBe(secret.split('_secret_')[0]);
  });

  it("when another customer marks someone's order, then 404; anonymous 401; mismatched body 400", async () => {
    const order = await placeOrder(store, customer.email);
    await markPaid(order, { transactionId: 'pi_test_x' }, other).expect(404);
    await request(app)
      .patch(`/api/order/${order._id}`)
      .send({ transactionId: 'pi_test_x' })
      .expect(401);
    const res = await markPaid(order, { order: 'b'.repeat(24), transactionId: 'pi_test_x' }).expect(
      400,
    );
    expect(res.body.error.details).toEqual([expect.objectContaining({ path: 'order' })]);
    await markPaid(order, { transactionId: '../../v1/charges' }).expect(400);
    await request(app)
      .patch('/api/order/nope')
      .set('Authorization', customer.bearer)
      .send({ transactionId: 'pi_x' })
      .expect(400);
  });
});

describe('after a restart (a new process with an empty test gateway)', () => {
  it('when the browser reports a payment made before the restart, then the paid order answers 200', async () => {
    const order = await placeOrder(store, customer.email);
    const secret = await intentFor(order);
    await confirm(secret).expect(200);

    const { app: restarted } = paymentsApp(store, config);
    const transactionId = secret.split('_secret_')[0];
    const res = await markPaid(
      order,
      { order: order._id, transactionId },
      customer,
      restarted,
    ).expect(200);

    expect(res.body).toMatchObject({ isPaid: true, transactionId });
  });

  it('when an unpaid order is paid after the restart, then a fresh intent is issued and works', async () => {
    const order = await placeOrder(store, customer.email);
    const before = await intentFor(order);

    const { app: restarted } = paymentsApp(store, config);
    await confirm(before, {}, customer, restarted).expect(404);
    const after = await intentFor(order, customer, restarted);
    expect(after).not.toBe(before);
    await confirm(after, {}, customer, restarted).expect(200);
    expect((await store.orders.get(order._id))?.transactionId).toBe(after.split('_secret_')[0]);
  });
});
