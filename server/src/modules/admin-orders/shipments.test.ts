import request from 'supertest';
import { beforeAll, describe, expect, it } from 'vitest';
import { AdminOrderListSchema, AdminOrderSchema } from '@toolworks/contract/admin-orders';
import { ErrorBodySchema } from '@toolworks/contract/errors';
import { OrderSchema } from '@toolworks/contract/orders';
import { BatchReceiptSchema } from '@toolworks/contract/shipments';
import { addDays, dayOf } from '@toolworks/contract/availability';
import type { ToolInput } from '../../store/store.js';
import { buildOrderInput, buildTool } from '../../test/factories.js';
import { useTestGatewayShop } from '../../test/payments-fixtures.js';
import { signInToShop, type ShopSession } from '../../test/sign-in.js';
import { pdfText } from '../../test/smtp-catcher.js';

// Partial shipments, delivery per shipment, Ready to ship and receiving a batch, over HTTP on SQLite.
const { shop } = useTestGatewayShop();
let admin: ShopSession;
beforeAll(async () => {
  admin = await signInToShop(shop.app, shop.store, { displayName: 'Ada Admin', admin: true });
});

const TODAY = dayOf(new Date());
const BATCH = addDays(TODAY, 8);
const LATER_BATCH = addDays(TODAY, 12);

const asAdmin = (method: 'get' | 'patch' | 'post', url: string) =>
  request(shop.app)[method](url).set('Authorization', admin.bearer);
const shipParts = (id: string, body: object = {}) =>
  asAdmin('post', `/api/order/${id}/shipments`).send(body);
const receive = (toolId: string, body: object) =>
  asAdmin('post', `/api/tool/${toolId}/batches/receive`).send(body);
const mails = async (orderId: string, kind: string) =>
  (await shop.store.outbox.list({ offset: 0, limit: 200 })).items.filter(
    (m) => m.orderId === orderId && m.kind === kind,
  );

/** A tool with 6 in stock and a batch of 10 expected; a paid order of `quantity` of it. */
async function backorder(quantity = 10, tool: Partial<ToolInput> = {}) {
  const t = await shop.store.tools.create(
    buildTool({
      availableQuantity: 6,
      minimumOrderQuantity: 1,
      allowBackorders: true,
      leadTimeDays: null,
      incomingStock: [{ quantity: 10, expectedDate: BATCH }],
      ...tool,
    }),
  );
  const placed = await shop.store.orders.place(
    buildOrderInput(t._id, { userEmail: shop.customer.email, quantity }),
  );
  if (!placed.ok) throw new Error(placed.reason);
  await shop.store.orders.markPaid(placed.order._id, `pi_${placed.order._id}`);
  return { tool: t, order: placed.order };
}

describe('POST /api/order/:id/shipments', () => {
  it('when 6 of 10 are in stock, then "ship now" sends 6 with tracking, the order is partly shipped and the buyer is emailed', async () => {
    const { tool, order } = await backorder();
    const res = await shipParts(order._id, { carrier: 'UPS', trackingNumber: '1Z1' }).expect(201);
    const body = AdminOrderSchema.parse(res.body);
    expect(body).toMatchObject({
      status: 'partly_shipped',
      shipped: false,
      items: [{ toolId: tool._id, quantity: 10, shippedQuantity: 6 }],
      shipments: [
        {
          lines: [{ toolId: tool._id, quantity: 6 }],
          carrier: 'UPS',
          trackingNumber: '1Z1',
          trackingUrl: 'https://www.ups.com/track?tracknum=1Z1',
        },
      ],
      toShip: { now: 0, later: [{ quantity: 4, shipDate: BATCH }] },
    });
    const [mail] = await mails(order._id, 'order-shipped');
    expect(mail?.subject).toContain('Part of order');
    expect(mail?.text).toContain('Tracking number: 1Z1 (https://www.ups.com/track?tracknum=1Z1)');
    expect(mail?.text).toMatch(/This shipment holds 6 × /);
    expect(mail?.text).toMatch(/Still to come: 4 from /);
    // The buyer sees the shipment and what is still to come.
    const buyer = OrderSchema.parse(
      (
        await request(shop.app)
          .get(`/api/order/${order._id}`)
          .set('Authorization', shop.customer.bearer)
          .expect(200)
      ).body,
    );
    expect(buyer.shipments).toHaveLength(1);
    expect(buyer.toShip).toEqual({ now: 0, later: [{ quantity: 4, shipDate: BATCH }] });
  });

  it('when more is asked than is in stock, then 409 says how many can go and nothing ships', async () => {
    const { tool, order } = await backorder();
    const res = await shipParts(order._id, { lines: [{ toolId: tool._id, quantity: 8 }] }).expect(
      409,
    );
    expect(ErrorBodySchema.parse(res.body).error).toMatchObject({ code: 'OUT_OF_STOCK' });
    expect(res.body.error.message).toContain('Only 6 units of');
    expect((await shop.store.orders.get(order._id))?.status).toBe('paid');
    expect(await mails(order._id, 'order-shipped')).toHaveLength(0);
  });

  it('when the same "ship now" is sent twice, then the second ships nothing and answers 409', async () => {
    const { order } = await backorder();
    const [a, b] = await Promise.all([shipParts(order._id), shipParts(order._id)]);
    expect([a.status, b.status].sort()).toEqual([201, 409]);
    expect((await shop.store.orders.get(order._id))?.shipments).toHaveLength(1);
    expect(await mails(order._id, 'order-shipped')).toHaveLength(1);
  });

  it('when "ship 2" is retried with the same Idempotency-Key, then 2 ship once and the retry answers the same order; the key with other lines is 422', async () => {
    const { tool, order } = await backorder();
    const body = { lines: [{ toolId: tool._id, quantity: 2 }], carrier: 'UPS' };
    const send = (b: object) => shipParts(order._id, b).set('Idempotency-Key', 'ship-key-1');
    const [a, b] = await Promise.all([send(body), send(body)]);
    expect([a.status, b.status]).toEqual([201, 201]);
    expect(b.body.shipments).toEqual(a.body.shipments);
    const after = await shop.store.orders.get(order._id);
    expect(after?.shipments).toHaveLength(1);
    expect(after?.shipments?.[0]?.lines).toEqual([{ toolId: tool._id, quantity: 2 }]);
    expect(await mails(order._id, 'order-shipped')).toHaveLength(1);

    const other = await send({ lines: [{ toolId: tool._id, quantity: 3 }] }).expect(422);
    expect(ErrorBodySchema.parse(other.body).error.code).toBe('IDEMPOTENCY_KEY_REUSED');
    expect((await shop.store.orders.get(order._id))?.shipments).toHaveLength(1);
    // Without the key, the same body is a new shipment: the key is what makes it the same one.
    await shipParts(order._id, body).expect(201);
    expect((await shop.store.orders.get(order._id))?.shipments).toHaveLength(2);
  });

  it.each([
    ['a quantity of 0', { lines: [{ toolId: 'a'.repeat(24), quantity: 0 }] }],
    ['an empty list of lines', { lines: [] }],
    ['a malformed tool id', { lines: [{ toolId: 'nope', quantity: 1 }] }],
  ])('when given %s, then 400 and nothing ships', async (_, body) => {
    const { order } = await backorder();
    await shipParts(order._id, body).expect(400);
    expect((await shop.store.orders.get(order._id))?.shipments).toBeUndefined();
  });

  it('when a tool is not in the order, then 400', async () => {
    const { order } = await backorder();
    const res = await shipParts(order._id, { lines: [{ toolId: 'a'.repeat(24), quantity: 1 }] });
    expect(res.status).toBe(400);
  });

  it('when the order is unpaid, then 409; when unknown, 404', async () => {
    const t = await shop.store.tools.create(buildTool({ minimumOrderQuantity: 1 }));
    const placed = await shop.store.orders.place(
      buildOrderInput(t._id, { userEmail: shop.customer.email }),
    );
    if (!placed.ok) throw new Error(placed.reason);
    const res = await shipParts(placed.order._id).expect(409);
    expect(res.body.error.message).toContain('this one is unpaid');
    await shipParts('b'.repeat(24)).expect(404);
  });

  it('when a buyer tries to ship, then 403 and nothing ships', async () => {
    const { order } = await backorder();
    await request(shop.app)
      .post(`/api/order/${order._id}/shipments`)
      .set('Authorization', shop.customer.bearer)
      .send({})
      .expect(403);
    await request(shop.app).post(`/api/order/${order._id}/shipments`).send({}).expect(401);
    expect((await shop.store.orders.get(order._id))?.status).toBe('paid');
  });
});

describe('PATCH /api/order/:id/ship (the whole order)', () => {
  it('when units are still backordered, then 409 says how many can go now and nothing ships', async () => {
    const { order } = await backorder();
    const res = await asAdmin('patch', `/api/order/${order._id}/ship`).send({}).expect(409);
    expect(res.body.error.message).toContain('Only 6 of this order');
    expect(res.body.error.message).toContain('4 wait for an incoming batch');
    expect((await shop.store.orders.get(order._id))?.status).toBe('paid');
  });

  it('when everything is in stock, then it ships as one shipment, as before', async () => {
    const { order } = await backorder(5);
    const res = await asAdmin('patch', `/api/order/${order._id}/ship`)
      .send({ carrier: 'DHL' })
      .expect(200);
    expect(res.body).toMatchObject({ status: 'shipped', shipped: true, carrier: 'DHL' });
    expect(res.body.shipments).toHaveLength(1);
  });
});

describe('POST /api/tool/:id/batches/receive, then the rest ships', () => {
  it('when the batch arrives, then the order is ready to ship, ships in a second part with a second email, and is delivered per shipment', async () => {
    const { tool, order } = await backorder();
    await shipParts(order._id, { carrier: 'UPS', trackingNumber: '1Z1' }).expect(201);
    const before = AdminOrderListSchema.parse(
      (await asAdmin('get', '/api/admin/orders/ready-to-ship').expect(200)).body,
    );
    expect(before.map((o) => o._id)).not.toContain(order._id);

    const receipt = BatchReceiptSchema.parse(
      (await receive(tool._id, { expectedDate: BATCH, quantity: 10 }).expect(200)).body,
    );
    expect(receipt).toEqual({ availableQuantity: 6, served: 4, stockAdded: 6, moved: [] });
    const ready = AdminOrderListSchema.parse(
      (await asAdmin('get', '/api/admin/orders/ready-to-ship').expect(200)).body,
    );
    expect(ready.find((o) => o._id === order._id)?.toShip).toEqual({ now: 4, later: [] });

    const second = await shipParts(order._id, { carrier: 'FedEx', trackingNumber: 'FX2' }).expect(
      201,
    );
    expect(second.body).toMatchObject({ status: 'shipped', items: [{ shippedQuantity: 10 }] });
    const emails = await mails(order._id, 'order-shipped');
    expect(emails).toHaveLength(2);
    expect(emails.map((m) => m.subject).sort()).toEqual([
      expect.stringMatching(/^Order TW-\d+ has shipped$/),
      expect.stringMatching(/^Part of order TW-\d+ has shipped$/),
    ]);

    const [first, last] = second.body.shipments as { _id: string }[];
    const one = await asAdmin(
      'patch',
      `/api/order/${order._id}/shipments/${first?._id}/deliver`,
    ).expect(200);
    expect(one.body).toMatchObject({ status: 'shipped' });
    expect(one.body.shipments[0].deliveredAt).toBeDefined();
    const two = await asAdmin(
      'patch',
      `/api/order/${order._id}/shipments/${last?._id}/deliver`,
    ).expect(200);
    expect(two.body).toMatchObject({ status: 'delivered' });
    await asAdmin('patch', `/api/order/${order._id}/shipments/${'c'.repeat(24)}/deliver`).expect(
      404,
    );
  });

  it('when fewer arrive than promised, then the newer order moves to the next batch and its buyer is emailed the new date', async () => {
    const t = await shop.store.tools.create(
      buildTool({
        availableQuantity: 0,
        minimumOrderQuantity: 1,
        allowBackorders: true,
        leadTimeDays: null,
        incomingStock: [
          { quantity: 10, expectedDate: BATCH },
          { quantity: 10, expectedDate: LATER_BATCH },
        ],
      }),
    );
    const place = async () => {
      const placed = await shop.store.orders.place(
        buildOrderInput(t._id, { userEmail: shop.customer.email, quantity: 5 }),
      );
      if (!placed.ok) throw new Error(placed.reason);
      await shop.store.orders.markPaid(placed.order._id, `pi_${placed.order._id}`);
      return placed.order;
    };
    const older = await place();
    const newer = await place();
    const res = await receive(t._id, { expectedDate: BATCH, quantity: 7 }).expect(200);
    expect(res.body.moved).toEqual([
      { orderId: newer._id, quantity: 3, from: BATCH, to: LATER_BATCH },
    ]);
    expect(await mails(older._id, 'order-date-moved')).toHaveLength(0);
    const [moved] = await mails(newer._id, 'order-date-moved');
    expect(moved?.subject).toMatch(/new shipping date/);
    expect(moved?.text).toContain('3 now ship from');
  });

  it.each([
    ['no batch is expected that day', { expectedDate: addDays(TODAY, 99), quantity: 1 }, 404],
    ['a negative quantity', { expectedDate: BATCH, quantity: -1 }, 400],
    ['a date that is no day', { expectedDate: '2027-02-30', quantity: 1 }, 400],
  ])('when %s, then %i', async (_, body, status) => {
    const { tool } = await backorder();
    await receive(tool._id, body).expect(status);
    expect((await shop.store.tools.get(tool._id))?.availableQuantity).toBe(0);
  });

  it('when a buyer tries to receive a batch, then 403', async () => {
    const { tool } = await backorder();
    await request(shop.app)
      .post(`/api/tool/${tool._id}/batches/receive`)
      .set('Authorization', shop.customer.bearer)
      .send({ expectedDate: BATCH, quantity: 10 })
      .expect(403);
  });
});

describe('GET /api/order/:id/shipments/:shipmentId/packing-slip.pdf', () => {
  it("when asked by an admin, then a PDF lists the shipment's lines; a buyer gets 403", async () => {
    const { tool, order } = await backorder();
    const shipped = await shipParts(order._id).expect(201);
    const shipmentId = shipped.body.shipments[0]._id as string;
    const url = `/api/order/${order._id}/shipments/${shipmentId}/packing-slip.pdf`;
    const res = await asAdmin('get', url)
      .buffer(true)
      .parse((r, done) => {
        const chunks: Buffer[] = [];
        r.on('data', (c: Buffer) => chunks.push(c));
        r.on('end', () => done(null, Buffer.concat(chunks)));
      })
      .expect(200);
    expect(res.headers['content-type']).toContain('application/pdf');
    const text = await pdfText(res.body as Buffer);
    expect(text).toContain('PACKING SLIP');
    expect(text).toContain(tool.name);
    expect(text).toContain('6 units in this shipment');
    await request(shop.app).get(url).set('Authorization', shop.customer.bearer).expect(403);
    await asAdmin(
      'get',
      `/api/order/${order._id}/shipments/${'d'.repeat(24)}/packing-slip.pdf`,
    ).expect(404);
  });
});
