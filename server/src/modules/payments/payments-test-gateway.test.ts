import request from 'supertest';
import { describe, expect, it } from 'vitest';
import { CARD_MESSAGES } from '@toolworks/contract/payments';
import { placeOrder, testCard, useTestGatewayShop } from '../../test/payments-fixtures.js';

const { shop, intentFor, confirm } = useTestGatewayShop();

describe('POST /api/payments/test/confirm', () => {
  it('when the owner pays with 4242 4242 4242 4242, then it succeeds and the order is paid with that id', async () => {
    const order = await placeOrder(shop.store, shop.customer.email);
    const secret = await intentFor(order);

    const res = await confirm(secret).expect(200);

    const id = secret.split('_secret_')[0];
    expect(res.body).toEqual({ paymentIntent: { id, status: 'succeeded' } });
    expect(await shop.store.orders.get(order._id)).toMatchObject({
      isPaid: true,
      transactionId: id,
    });
  });

  it.each([
    ['4000 0000 0000 0002', {}, CARD_MESSAGES.declined, 'card_declined'],
    ['4000 0000 0000 9995', {}, 'Your card has insufficient funds.', 'insufficient_funds'],
    ['4242 4242 4242 4241', {}, 'Your card number is invalid.', 'invalid_number'],
    ['4242 4242 4242', {}, 'Your card number is incomplete.', 'incomplete_number'],
    ['4242 4242 4242 4242', { expMonth: 1, expYear: 20 }, 'Your card has expired.', 'expired_card'],
    [
      '4242 4242 4242 4242',
      { expMonth: 13 },
      "Your card's expiration date is incorrect.",
      'invalid_expiry',
    ],
    [
      '4242 4242 4242 4242',
      { cvc: '12' },
      "Your card's security code is incomplete.",
      'incomplete_cvc',
    ],
    ['4000 0000 0000 0127', {}, "Your card's security code is incorrect.", 'incorrect_cvc'],
  ])(
    'when paying with %s %o, then 402 "%s" and the order stays unpaid',
    async (cardNumber, extra, message, code) => {
      const order = await placeOrder(shop.store, shop.customer.email);
      const secret = await intentFor(order);

      const res = await confirm(secret, { cardNumber, ...extra }).expect(402);

      expect(res.body).toEqual({ error: { code: 'PAYMENT_FAILED', message, details: { code } } });
      expect((await shop.store.orders.get(order._id))?.isPaid).toBe(false);
    },
  );

  it('when another valid card number is used, then it succeeds, as on Stripe', async () => {
    const order = await placeOrder(shop.store, shop.customer.email);
    await confirm(await intentFor(order), { cardNumber: '5555 5555 5555 4444' }).expect(200);
  });

  it('when a declined card is followed by a good one, then the second attempt pays the same intent', async () => {
    const order = await placeOrder(shop.store, shop.customer.email);
    const secret = await intentFor(order);
    await confirm(secret, { cardNumber: '4000000000000002' }).expect(402);
    await confirm(secret).expect(200);
    await confirm(secret).expect(409);
  });

  it("when another customer confirms someone's intent, then 404 and nothing is paid", async () => {
    const order = await placeOrder(shop.store, shop.customer.email);
    const secret = await intentFor(order);
    await confirm(secret, {}, shop.other).expect(404);
    expect((await shop.store.orders.get(order._id))?.isPaid).toBe(false);
  });

  it('when the client secret is forged, then 404', async () => {
    const order = await placeOrder(shop.store, shop.customer.email);
    const secret = await intentFor(order);
    const [id] = secret.split('_secret_');
    await confirm(`${id}_secret_guessed`).expect(404);
    await confirm('pi_test_nothing_secret_x').expect(404);
  });

  it('when nobody is signed in, then 401', async () => {
    await request(shop.app)
      .post('/api/payments/test/confirm')
      .send(testCard({ clientSecret: 'x' }))
      .expect(401);
  });
});

describe('stock and cancelling around payment', () => {
  it('when an order is paid, then its stock stays sold and it can no longer be cancelled', async () => {
    const order = await placeOrder(shop.store, shop.customer.email, { quantity: 30 });
    const stockAfterOrder = (await shop.store.tools.get(order.toolId))?.availableQuantity;
    await confirm(await intentFor(order)).expect(200);

    await request(shop.app)
      .delete(`/api/order/${order._id}`)
      .set('Authorization', shop.customer.bearer)
      .expect(409);

    expect((await shop.store.tools.get(order.toolId))?.availableQuantity).toBe(stockAfterOrder);
    expect((await shop.store.orders.get(order._id))?.isPaid).toBe(true);
  });

  it('when an order has an intent but was not paid, then it can still be cancelled and its intent no longer pays', async () => {
    const order = await placeOrder(shop.store, shop.customer.email, { quantity: 30 });
    const secret = await intentFor(order);

    await request(shop.app)
      .delete(`/api/order/${order._id}`)
      .set('Authorization', shop.customer.bearer)
      .expect(200);

    expect((await shop.store.orders.get(order._id))?.status).toBe('cancelled');
    // The payment was stopped at the gateway too, so the card form can no longer charge it.
    const id = secret.split('_secret_')[0] ?? '';
    expect((await shop.gateway.retrieve(id))?.status).toBe('canceled');
    const late = await confirm(secret);
    expect([404, 409]).toContain(late.status);
    expect((await shop.gateway.retrieve(id))?.status).toBe('canceled');
  });
});
