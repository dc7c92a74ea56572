import request from 'supertest';
import type { ShopApp } from '../../app.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApp } from '../../app.js';
import { loadConfig } from '../../config.js';
import { AdminReviewListSchema, ReviewListSchema } from '@toolworks/contract/reviews';
import type { Store, ToolRecord } from '../../store/store.js';
import { buildOrderInput, buildTool } from '../../test/factories.js';
import { createTestStore } from '../../test/test-store.js';
import { signInToShop, testDeps, type ShopSession } from '../../test/sign-in.js';

/** Reviews of tools by their buyers, the public list per tool, and moderation by admins. */
let store: Store;
let cleanup: () => Promise<void>;
let app: ShopApp;
let admin: ShopSession;
let buyer: ShopSession;
let other: ShopSession;
let tool: ToolRecord;

beforeAll(async () => {
  ({ store, cleanup } = await createTestStore());
  app = createApp(
    testDeps(
      store,
      loadConfig({
        ...process.env,
        AUTH_RATE_LIMIT_PER_MINUTE: '100000',
        REVIEW_RATE_LIMIT_PER_MINUTE: '100000',
      }),
    ),
  );
  [admin, buyer, other] = await Promise.all([
    signInToShop(app, store, { displayName: 'Ada Admin', admin: true }),
    signInToShop(app, store, { displayName: 'Bea Buyer' }),
    signInToShop(app, store, { displayName: 'Otto Other' }),
  ]);
  tool = await store.tools.create(buildTool({ name: 'Reviewed Saw' }));
  const paid = await store.orders.place(buildOrderInput(tool._id, { userEmail: buyer.email }));
  if (!paid.ok) throw new Error(paid.reason);
  await store.orders.markPaid(paid.order._id, 'pi_test_reviews');
  // An unpaid order does not make a buyer.
  await store.orders.place(buildOrderInput(tool._id, { userEmail: other.email }));
});
afterAll(() => cleanup());

const add = (who: ShopSession, body: object) =>
  request(app).post('/api/addReview').set('Authorization', who.bearer).send(body);
const toolReviews = async (id = tool._id) =>
  ReviewListSchema.parse((await request(app).get(`/api/tool/${id}/reviews`).expect(200)).body);
const hide = (who: ShopSession, id: string, hidden: boolean) =>
  request(app).patch(`/api/review/${id}`).set('Authorization', who.bearer).send({ hidden });
const rating = async () =>
  (await request(app).get(`/api/tool/${tool._id}`).expect(200)).body.rating;

describe('POST /api/addReview with a toolId', () => {
  it('when the caller has a paid order for the tool, then 201, marked verified, on the tool page', async () => {
    const res = await add(buyer, { review: 'Cuts straight.', ratings: 4, toolId: tool._id });
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({ toolId: tool._id, verified: true, authorName: 'Bea Buyer' });
    expect((await toolReviews()).map((r) => r._id)).toContain(res.body._id);
    expect(await rating()).toEqual({ average: 4, count: 1 });
  });

  it('when the caller has no paid order for it (only an unpaid one), then 403 and nothing is stored', async () => {
    const before = await store.reviews.count();
    const res = await add(other, { review: 'Never used it.', ratings: 1, toolId: tool._id });
    expect(res.status).toBe(403);
    expect(res.body.error.code).toBe('FORBIDDEN');
    expect(await store.reviews.count()).toBe(before);
  });

  it('when the tool does not exist, then 403 (no paid order can be for it)', async () => {
    await add(buyer, { review: 'Ghost.', ratings: 3, toolId: 'f'.repeat(24) }).expect(403);
  });

  it('when there is no toolId, then a shop review, not verified, not on any tool page', async () => {
    const res = await add(other, { review: 'Nice shop.', ratings: 5 }).expect(201);
    expect(res.body.verified).toBe(false);
    expect(res.body.toolId).toBeUndefined();
    expect((await toolReviews()).map((r) => r._id)).not.toContain(res.body._id);
  });
});

describe('GET /api/tool/:id/reviews', () => {
  it('when the tool is unknown, then 404; malformed, 400', async () => {
    await request(app)
      .get(`/api/tool/${'e'.repeat(24)}/reviews`)
      .expect(404);
    await request(app).get('/api/tool/nope/reviews').expect(400);
  });
});

describe('PATCH /api/review/:id and GET /api/reviews (moderation)', () => {
  it('when an admin hides a review, then it leaves every public list and the rating, and comes back when shown', async () => {
    // One review per buyer and tool: a second buyer of the tool writes this one.
    const rude = await signInToShop(app, store, { displayName: 'Rex Rude' });
    const paid = await store.orders.place(buildOrderInput(tool._id, { userEmail: rude.email }));
    if (!paid.ok) throw new Error(paid.reason);
    await store.orders.markPaid(paid.order._id, 'pi_test_rude');
    const { body: review } = await add(rude, {
      review: 'Rude words.',
      ratings: 1,
      toolId: tool._id,
    }).expect(201);
    const before = await rating();

    const hidden = await hide(admin, review._id, true).expect(200);
    expect(hidden.body).toMatchObject({ _id: review._id, hidden: true });
    expect((await toolReviews()).map((r) => r._id)).not.toContain(review._id);
    const all = (await request(app).get('/api/allReviews').expect(200)).body as { _id: string }[];
    expect(all.map((r) => r._id)).not.toContain(review._id);
    expect((await rating()).count).toBe(before.count - 1);

    // Hiding twice moves nothing twice.
    await hide(admin, review._id, true).expect(200);
    expect((await rating()).count).toBe(before.count - 1);

    const admins = await request(app).get('/api/reviews').set('Authorization', admin.bearer);
    const listed = AdminReviewListSchema.parse(admins.body).find((r) => r._id === review._id);
    expect(listed).toMatchObject({ hidden: true, toolName: 'Reviewed Saw', verified: true });

    await hide(admin, review._id, false).expect(200);
    expect((await toolReviews()).map((r) => r._id)).toContain(review._id);
    expect(await rating()).toEqual(before);
  });

  it('when a customer tries to moderate, then 403 and the review stays', async () => {
    const { body: review } = await add(buyer, { review: 'Fine.', ratings: 3 }).expect(201);
    await hide(buyer, review._id, true).expect(403);
    expect((await store.reviews.get(review._id))?.hidden).toBe(false);
  });

  it('when the review is unknown or the body is wrong, then 404 or 400', async () => {
    await hide(admin, 'a'.repeat(24), true).expect(404);
    const { body: review } = await add(buyer, { review: 'Fine.', ratings: 3 }).expect(201);
    await request(app)
      .patch(`/api/review/${review._id}`)
      .set('Authorization', admin.bearer)
      .send({ hidden: 'yes' })
      .expect(400);
    await request(app)
      .patch(`/api/review/${review._id}`)
      .set('Authorization', admin.bearer)
      .send({ hidden: true, review: 'rewritten' })
      .expect(400);
  });
});
