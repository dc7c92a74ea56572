import request from 'supertest';
import { describe, expect, it } from 'vitest';
import { buildTool } from '../../../test/factories.js';
import { addDays, dayOf, formatShipDate } from '@toolworks/contract/availability';
import { paymentNoticed, placeOrder, useTestGatewayShop } from '../../../test/payments-fixtures.js';
import { startSmtpCatcher } from '../../../test/smtp-catcher.js';
import { mailConfig, mailKit } from '../../../test/mail-test-kit.js';

// The order services queue their emails in the outbox as the buyer goes through the shop; the
// sender (mail-delivery.test.ts) delivers them. Here: which message each step queues.
const { shop, intentFor, confirm } = useTestGatewayShop();

const queuedFor = async (orderId: string) =>
  (await shop.store.outbox.list({ offset: 0, limit: 100 })).items
    .filter((message) => message.orderId === orderId)
    .map((message) => ({ kind: message.kind, to: message.to }));

/**
 * The order's "order placed" email as its buyer receives it: the outbox keeps the order's
 * snapshot, and the sender renders and delivers it (here to an SMTP catcher).
 */
async function deliveredPlaced(orderId: string) {
  const catcher = await startSmtpCatcher();
  try {
    const { sender } = mailKit(shop.store, mailConfig(catcher.url));
    while ((await sender.runOnce()).sent > 0);
    await sender.stop();
    const mail = catcher.received.find(
      (m) => m.subject?.includes('placed') && m.text?.includes(`/dashboard/orders/${orderId}`),
    );
    return { text: mail?.text ?? '', html: String(mail?.html ?? '') };
  } finally {
    await catcher.close();
  }
}

describe('order emails', () => {
  it('when an order is placed through the API, then "order placed" is queued for the buyer', async () => {
    const tool = await shop.store.tools.create(buildTool({ minimumOrderQuantity: 1 }));
    const res = await request(shop.app)
      .post('/api/addOrderItem')
      .set('Authorization', shop.customer.bearer)
      .send({ toolId: tool._id, quantity: 2, userPhone: '+1 555 0100', userAddress: '1 Main St' })
      .expect(201);

    expect(await queuedFor(res.body._id)).toEqual([
      { kind: 'order-placed', to: shop.customer.email },
    ]);
  });

  it('when an order is placed, then its email names each line’s SKU, in the HTML and the text', async () => {
    const tool = await shop.store.tools.create(
      buildTool({ name: 'Mail Sku Saw', sku: 'MAIL-SAW-77', minimumOrderQuantity: 1 }),
    );
    const res = await request(shop.app)
      .post('/api/addOrderItem')
      .set('Authorization', shop.customer.bearer)
      .send({ toolId: tool._id, quantity: 2, userPhone: '+1 555 0100', userAddress: '1 Main St' })
      .expect(201);

    const placed = await deliveredPlaced(res.body._id);
    expect(placed.text).toContain('- Mail Sku Saw (SKU MAIL-SAW-77): 2 x');
    expect(placed.html).toMatch(/>SKU<\/th>/);
    expect(placed.html).toMatch(/>MAIL-SAW-77<\/td>/);
  });

  it('when an order is large, then its email writes the quantity and amounts with thousands separators', async () => {
    const tool = await shop.store.tools.create(
      buildTool({
        name: 'Mail Bulk Bit',
        sku: 'MAIL-BULK-1',
        priceCents: 2000,
        minimumOrderQuantity: 1,
        availableQuantity: 5000,
      }),
    );
    const res = await request(shop.app)
      .post('/api/addOrderItem')
      .set('Authorization', shop.customer.bearer)
      .send({
        toolId: tool._id,
        quantity: 1000,
        userPhone: '+1 555 0100',
        userAddress: '1 Main St',
      })
      .expect(201);
    const placed = await deliveredPlaced(res.body._id);
    expect(placed.text).toContain('- Mail Bulk Bit (SKU MAIL-BULK-1): 1,000 x $20.00 = $20,000.00');
    expect(placed.html).toMatch(/>1,000<\/td>/);
  });

  it('when an order is backordered, then its email and its invoice say what ships now and on the promised date', async () => {
    const today = dayOf(new Date());
    const batchDay = addDays(today, 10);
    const tool = await shop.store.tools.create(
      buildTool({
        name: 'Mail Backorder Press',
        sku: 'MAIL-BO-1',
        minimumOrderQuantity: 1,
        availableQuantity: 3,
        allowBackorders: true,
        incomingStock: [{ quantity: 10, expectedDate: batchDay }],
      }),
    );
    const res = await request(shop.app)
      .post('/api/addOrderItem')
      .set('Authorization', shop.customer.bearer)
      .send({ toolId: tool._id, quantity: 5, userPhone: '+1 555 0100', userAddress: '1 Main St' })
      .expect(201);
    const split = `3 ship now; 2 backordered, ship from ${formatShipDate(batchDay, today)}`;

    const placed = await deliveredPlaced(res.body._id);
    expect(placed.text).toContain(`Backordered:\n- Mail Backorder Press (SKU MAIL-BO-1): ${split}`);
    expect(placed.html).toContain(`Mail Backorder Press (SKU MAIL-BO-1): ${split}`);

    const order = await shop.store.orders.get(res.body._id);
    await confirm(await intentFor(order!)).expect(200);
    await paymentNoticed(shop.store, order!._id);
    const invoice = await shop.store.invoices.get(res.body._id);
    expect(invoice?.snapshot?.lines).toEqual([expect.objectContaining({ shipping: split })]);
  });

  it('when an order is paid, then "payment received" (with the invoice) is queued once', async () => {
    const order = await placeOrder(shop.store, shop.customer.email);
    await confirm(await intentFor(order)).expect(200);
    await paymentNoticed(shop.store, order._id);
    // The browser reports the same payment afterwards: nothing more is queued.
    await request(shop.app)
      .patch(`/api/order/${order._id}`)
      .set('Authorization', shop.customer.bearer)
      .send({ transactionId: (await shop.store.orders.get(order._id))?.transactionId });

    const paid = (await shop.store.outbox.list({ offset: 0, limit: 100 })).items.filter(
      (message) => message.orderId === order._id && message.kind === 'payment-received',
    );
    expect(paid).toHaveLength(1);
    expect(paid[0]?.attachments).toEqual([{ kind: 'invoice', orderId: order._id }]);
    expect(await shop.store.invoices.get(order._id)).toMatchObject({
      number: expect.stringMatching(/^INV-\d{4}-\d{6}$/),
    });
  });

  it('when the buyer cancels an unpaid order, then "order cancelled" is queued', async () => {
    const order = await placeOrder(shop.store, shop.customer.email);
    await request(shop.app)
      .delete(`/api/order/${order._id}`)
      .set('Authorization', shop.customer.bearer)
      .expect(200);

    expect(await queuedFor(order._id)).toContainEqual({
      kind: 'order-cancelled',
      to: shop.customer.email,
    });
  });
});
