import request from 'supertest';
import { beforeAll, describe, expect, it } from 'vitest';
import { ReviewListSchema } from '@toolworks/contract/reviews';
import type { OrderRecord, ToolRecord } from '../../store/store.js';
import { buildOrderInput, buildTool } from '../../test/factories.js';
import { useTestGatewayShop } from '../../test/payments-fixtures.js';
import { signInToShop, type ShopSession } from '../../test/sign-in.js';

// Issue 23, point 3: one review per buyer and tool, every line of an order reviewable, and a
// refund takes "Verified buyer" and the rating away, the same in every list.
const { shop, intentFor, confirm } = useTestGatewayShop();
let admin: ShopSession;
beforeAll(async () => {
  admin = await signInToShop(shop.app, shop.store, { displayName: 'Ada Admin', admin: true });
});

const newTool = (name: string) =>
  shop.store.tools.create(buildTool({ name, priceCents: 400, minimumOrderQuantity: 1 }));

/** An order of the customer for every tool (5 of each), paid with the test card. */
async function paidOrder(...tools: ToolRecord[]): Promise<OrderRecord> {
  const placed = await shop.store.orders.place({
    ...buildOrderInput(tools[0]!._id, { userEmail: shop.customer.email }),
    lines: tools.map((tool) => ({ toolId: tool._id, quantity: 5 })),
  });
  if (!placed.ok) throw new Error(placed.reason);
  await confirm(await intentFor(placed.order)).expect(200);
  return placed.order;
}

const add = (body: object, who = shop.customer) =>
  request(shop.app).post('/api/addReview').set('Authorization', who.bearer).send(body);
const refund = (id: string) =>
  request(shop.app).post(`/api/order/${id}/refund`).set('Authorization', admin.bearer).send({});

/** The tool's rating and its review as /api/tool/{id}, /api/tools and /api/allReviews show them. */
async function everywhere(tool: ToolRecord, reviewId: string) {
  const detail = await request(shop.app).get(`/api/tool/${tool._id}`).expect(200);
  const list = await request(shop.app).get('/api/tools').query({ search: tool.name }).expect(200);
  const listed = (list.body as { _id: string; rating: unknown }[]).find((t) => t._id === tool._id);
  const all = ReviewListSchema.parse((await request(shop.app).get('/api/allReviews')).body);
  const forTool = ReviewListSchema.parse(
    (await request(shop.app).get(`/api/tool/${tool._id}/reviews`)).body,
  );
  return {
    detailRating: detail.body.rating,
    listRating: listed?.rating,
    verifiedInAll: all.find((r) => r._id === reviewId)?.verified,
    verifiedOnTool: forTool.find((r) => r._id === reviewId)?.verified,
  };
}

describe('POST /api/addReview: one review per buyer and tool', () => {
  it('when the buyer reviews a tool a second time, then 409 with a clear message and the first stands', async () => {
    const tool = await newTool('Once Reviewed Plane');
    await paidOrder(tool);
    const first = await add({ review: 'Sharp.', ratings: 5, toolId: tool._id }).expect(201);

    const second = await add({ review: 'Still sharp!', ratings: 5, toolId: tool._id });

    expect(second.status).toBe(409);
    expect(second.body.error).toMatchObject({
      code: 'CONFLICT',
      message: 'You have already reviewed this tool: one review per tool',
    });
    const reviews = ReviewListSchema.parse(
      (await request(shop.app).get(`/api/tool/${tool._id}/reviews`)).body,
    );
    expect(reviews.map((r) => r._id)).toEqual([first.body._id]);
    expect((await request(shop.app).get(`/api/tool/${tool._id}`)).body.rating).toEqual({
      average: 5,
      count: 1,
    });
  });

  it('when five reviews of one tool are sent at once, then one is stored', async () => {
    const tool = await newTool('Raced Chisel');
    await paidOrder(tool);
    const answers = await Promise.all(
      [1, 2, 3, 4, 5].map((n) => add({ review: `Copy ${n}`, ratings: 5, toolId: tool._id })),
    );
    expect(answers.map((res) => res.status).sort()).toEqual([201, 409, 409, 409, 409]);
    expect((await request(shop.app).get(`/api/tool/${tool._id}`)).body.rating.count).toBe(1);
  });

  it('when another buyer reviews the same tool, and the buyer reviews the shop twice, then all are kept', async () => {
    const tool = await newTool('Shared Level');
    await paidOrder(tool);
    await add({ review: 'Level.', ratings: 4, toolId: tool._id }).expect(201);
    await add({ review: 'Good shop.', ratings: 5 }).expect(201);
    await add({ review: 'Still a good shop.', ratings: 5 }).expect(201);
  });
});

describe('POST /api/addReview: every line of a paid order', () => {
  it('when an order has three lines, then each of its tools can be reviewed as a verified buyer', async () => {
    const tools = await Promise.all(
      ['Line One Saw', 'Line Two Saw', 'Line Three Saw'].map(newTool),
    );
    await paidOrder(...tools);
    for (const tool of tools) {
      const res = await add({ review: 'Good.', ratings: 4, toolId: tool._id }).expect(201);
      expect(res.body.verified).toBe(true);
    }
  });
});

describe('A refund takes "Verified buyer" away', () => {
  it('when the paid order is refunded, then the review is no longer verified and leaves the rating in every list', async () => {
    const [tool, other] = await Promise.all([newTool('Refunded Router'), newTool('Kept File')]);
    const order = await paidOrder(other, tool);
    const { body: review } = await add({ review: 'Great!', ratings: 5, toolId: tool._id }).expect(
      201,
    );
    expect(await everywhere(tool, review._id)).toEqual({
      detailRating: { average: 5, count: 1 },
      listRating: { average: 5, count: 1 },
      verifiedInAll: true,
      verifiedOnTool: true,
    });

    await refund(order._id).expect(200);

    expect(await everywhere(tool, review._id)).toEqual({
      detailRating: { average: 0, count: 0 },
      listRating: { average: 0, count: 0 },
      verifiedInAll: false,
      verifiedOnTool: false,
    });
  });

  it('when the buyer has another paid order of the tool, then the refund of one leaves the review verified', async () => {
    const tool = await newTool('Twice Bought Clamp');
    const first = await paidOrder(tool);
    await paidOrder(tool);
    const { body: review } = await add({ review: 'Holds.', ratings: 4, toolId: tool._id }).expect(
      201,
    );

    await refund(first._id).expect(200);

    expect(await everywhere(tool, review._id)).toMatchObject({
      detailRating: { average: 4, count: 1 },
      verifiedInAll: true,
    });
  });

  it('when the buyer later pays for the tool again, then the review is verified and counts again', async () => {
    const tool = await newTool('Bought Back Vise');
    const order = await paidOrder(tool);
    const { body: review } = await add({ review: 'Solid.', ratings: 3, toolId: tool._id }).expect(
      201,
    );
    await refund(order._id).expect(200);

    await paidOrder(tool);

    expect(await everywhere(tool, review._id)).toMatchObject({
      detailRating: { average: 3, count: 1 },
      verifiedInAll: true,
    });
  });
});
