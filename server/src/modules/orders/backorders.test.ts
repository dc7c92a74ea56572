import request from 'supertest';
import { describe, expect, it } from 'vitest';
import { ErrorBodySchema } from '@toolworks/contract/errors';
import { OrderSchema } from '@toolworks/contract/orders';
import { ToolSchema } from '@toolworks/contract/tools';
import { testConfig, useSignedIn, useTestApp } from '../../test/test-app.js';

/** Lead times, incoming batches and backorders through the API, on the app's one clock. */
const NOW = new Date('2027-03-01T09:00:00.000Z');
const shop = useSignedIn(
  useTestApp(testConfig({ MAX_UNPAID_ORDERS: '1000' }), { now: () => NOW }),
  {
    buyer: { displayName: 'Back Order Buyer' },
    admin: { displayName: 'Ada Admin', admin: true },
  },
);

const toolBody = (overrides: Record<string, unknown> = {}) => ({
  name: 'Backorder Anvil',
  img: '/images/tools/anvil.svg',
  price: 10,
  description: 'Made to order.',
  availableQuantity: 100,
  MinimumOrderQuantity: 10,
  ...overrides,
});

const addTool = (body: object) =>
  request(shop.app).post('/api/addtools').set('Authorization', shop.admin.bearer).send(body);

const buy = (toolId: string, quantity: number) =>
  request(shop.app)
    .post('/api/addOrderItem')
    .set('Authorization', shop.buyer.bearer)
    .send({ toolId, quantity, userPhone: '+1 555 0100', userAddress: '1 Mill Road' });

const backorderTool = async (overrides: Record<string, unknown> = {}) =>
  ToolSchema.parse(
    (
      await addTool(
        toolBody({
          allowBackorders: true,
          leadTimeDays: 21,
          incomingStock: [{ quantity: 50, expectedDate: '2027-03-12' }],
          ...overrides,
        }),
      ).expect(201)
    ).body,
  );

describe('POST /api/addtools and PUT /api/tool/:id with availability', () => {
  it('when an admin sets a lead time, batches and backorders, then the tool shows them', async () => {
    const tool = await backorderTool();
    expect(tool).toMatchObject({
      leadTimeDays: 21,
      allowBackorders: true,
      incomingStock: [{ quantity: 50, expectedDate: '2027-03-12', promised: 0 }],
    });
    const read = await request(shop.app).get(`/api/tool/${tool._id}`).expect(200);
    expect(read.body).toEqual(tool);
  });

  it.each([
    [
      'a batch dated yesterday',
      { incomingStock: [{ quantity: 5, expectedDate: '2027-02-28' }] },
      'incomingStock.0.expectedDate',
    ],
    [
      'a batch three years out',
      { incomingStock: [{ quantity: 5, expectedDate: '2030-03-01' }] },
      'incomingStock.0.expectedDate',
    ],
    [
      'a batch of 0',
      { incomingStock: [{ quantity: 0, expectedDate: '2027-03-12' }] },
      'incomingStock.0.quantity',
    ],
    ['a lead time of 0 days', { leadTimeDays: 0 }, 'leadTimeDays'],
    ['a lead time of 2.5 days', { leadTimeDays: 2.5 }, 'leadTimeDays'],
    ['a lead time over a year', { leadTimeDays: 366 }, 'leadTimeDays'],
    ['backorders as text', { allowBackorders: 'yes' }, 'allowBackorders'],
  ])('when %s, then 400 on that field and nothing is added', async (_label, fields, path) => {
    const before = await shop.store.tools.count();
    const res = await addTool(toolBody(fields)).expect(400);
    const body = ErrorBodySchema.parse(res.body);
    expect(body.error.details).toEqual([expect.objectContaining({ path })]);
    expect(body.error.message).not.toMatch(/incomingStock|leadTimeDays|allowBackorders/);
    expect(await shop.store.tools.count()).toBe(before);
  });

  it('when an edit would shrink a batch below what orders hold, then 409 and nothing changes', async () => {
    const tool = await backorderTool({ leadTimeDays: null });
    await buy(tool._id, 130).expect(201); // 100 from stock, 30 from the batch
    const res = await request(shop.app)
      .put(`/api/tool/${tool._id}`)
      .set('Authorization', shop.admin.bearer)
      .send(
        toolBody({
          availableQuantity: 0,
          allowBackorders: true,
          incomingStock: [{ quantity: 20, expectedDate: '2027-03-12' }],
        }),
      )
      .expect(409);
    expect(ErrorBodySchema.parse(res.body).error.message).toMatch(/30 units of the batch/);
    expect((await shop.store.tools.get(tool._id))?.incomingStock).toEqual([
      { quantity: 50, expectedDate: '2027-03-12', promised: 30 },
    ]);
    // At or above what is promised, the batch is the admin's to change; the promise stays.
    const ok = await request(shop.app)
      .put(`/api/tool/${tool._id}`)
      .set('Authorization', shop.admin.bearer)
      .send(
        toolBody({
          availableQuantity: 0,
          allowBackorders: true,
          incomingStock: [{ quantity: 30, expectedDate: '2027-03-12' }],
        }),
      )
      .expect(200);
    expect(ok.body.incomingStock).toEqual([
      { quantity: 30, expectedDate: '2027-03-12', promised: 30 },
    ]);
  });
});

describe('POST /api/addOrderItem beyond stock', () => {
  it('when the tool allows backorders, then the order splits into now, the batch and the lead time', async () => {
    const tool = await backorderTool();
    const res = await buy(tool._id, 200).expect(201);
    const order = OrderSchema.parse(res.body);
    expect(order.items[0]?.shipments).toEqual([
      { quantity: 100, shipDate: '2027-03-01', backordered: false },
      { quantity: 50, shipDate: '2027-03-12', backordered: true },
      { quantity: 50, shipDate: '2027-03-22', backordered: true },
    ]);
    expect(order.price).toBe(2000);
    const after = await shop.store.tools.get(tool._id);
    expect(after?.availableQuantity).toBe(0);
    expect(after?.incomingStock).toEqual([
      { quantity: 50, expectedDate: '2027-03-12', promised: 50 },
    ]);
    const read = await request(shop.app)
      .get(`/api/order/${order._id}`)
      .set('Authorization', shop.buyer.bearer);
    expect(read.body.items[0].shipments).toEqual(order.items[0]?.shipments);
  });

  it('when the tool does not allow backorders, then beyond stock is refused as before', async () => {
    const tool = await backorderTool({ allowBackorders: false });
    const res = await buy(tool._id, 101).expect(400);
    expect(ErrorBodySchema.parse(res.body).error.message).toMatch(/at most 100/);
    expect((await shop.store.tools.get(tool._id))?.availableQuantity).toBe(100);
  });

  it('when no lead time, then at most stock plus the batches is promised', async () => {
    const tool = await backorderTool({ leadTimeDays: null });
    await buy(tool._id, 151).expect(400);
    await buy(tool._id, 150).expect(201);
    expect((await shop.store.tools.get(tool._id))?.incomingStock[0]?.promised).toBe(50);
  });

  it('when a backordered order is cancelled, then the stock and the batch get their units back', async () => {
    const tool = await backorderTool();
    const order = (await buy(tool._id, 180).expect(201)).body as { _id: string };
    await request(shop.app)
      .delete(`/api/order/${order._id}`)
      .set('Authorization', shop.buyer.bearer)
      .expect(200);
    const after = await shop.store.tools.get(tool._id);
    expect(after?.availableQuantity).toBe(100);
    expect(after?.incomingStock).toEqual([
      { quantity: 50, expectedDate: '2027-03-12', promised: 0 },
    ]);
  });
});

describe('Quick order and Order again beyond stock', () => {
  it('when the tool allows backorders, then a quick-order line beyond stock is ready and Order again keeps its quantity', async () => {
    const tool = await backorderTool({ leadTimeDays: null, sku: 'ATP-QO-1' });
    const plain = await backorderTool({ allowBackorders: false, sku: 'ATP-QO-2' });
    const check = await request(shop.app)
      .post('/api/quick-order/check')
      .send({
        lines: [
          { sku: 'ATP-QO-1', quantity: 150 },
          { sku: 'ATP-QO-2', quantity: 150 },
        ],
      })
      .expect(200);
    expect(check.body.lines.map((l: { status: string }) => l.status)).toEqual([
      'ok',
      'above-stock',
    ]);
    expect(check.body.lines[1].message).toBe(`Only 100 of ${plain.name} in stock`);

    const added = await request(shop.app)
      .post('/api/cart/lines')
      .set('Authorization', shop.buyer.bearer)
      .send({ lines: [{ toolId: tool._id, quantity: 200 }] })
      .expect(200);
    expect(added.body.lines[0]).toMatchObject({
      status: 'adjusted',
      quantity: 150,
      message: 'Only 150 can be promised: lowered to 150',
    });
  });
});
