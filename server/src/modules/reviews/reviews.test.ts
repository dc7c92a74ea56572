import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApp, type ShopApp } from '../../app.js';
import { loadConfig } from '../../config.js';
import { ReviewListSchema } from '@toolworks/contract/reviews';
import type { Store } from '../../store/store.js';
import { buildReview, storeReview } from '../../test/factories.js';
import { createTestStore } from '../../test/test-store.js';
import {
  createEmulatorUser,
  signInToShop,
  testDeps,
  type ShopSession,
} from '../../test/sign-in.js';

let store: Store;
let cleanup: () => Promise<void>;
const config = loadConfig({ NODE_ENV: 'test', CLIENT_DIST: '/nonexistent/toolworks-dist' });
const app = () => createApp(testDeps(store, config));

beforeAll(async () => {
  ({ store, cleanup } = await createTestStore());
});
afterAll(() => cleanup());

describe('GET /api/allReviews', () => {
  it('when there are no reviews, then an empty list', async () => {
    const res = await request(app()).get('/api/allReviews').expect(200);
    expect(res.body).toEqual([]);
  });

  it('when reviews exist, then newest first, ratings as numbers, and no author email', async () => {
    const first = await storeReview(store, buildReview({ review: 'Good grip', ratings: 4 }));
    const second = await storeReview(store, buildReview({ review: 'Fast delivery', ratings: 5 }));
    const res = await request(app()).get('/api/allReviews').expect(200);
    const reviews = ReviewListSchema.parse(res.body);
    expect(reviews.map((r) => r._id)).toEqual([second._id, first._id]);
    expect(reviews[1]).toMatchObject({
      review: 'Good grip',
      ratings: 4,
      authorName: first.authorName,
    });
    expect(JSON.stringify(res.body)).not.toContain(first.authorEmail);
  });
});

describe('POST /api/addReview', () => {
  // Signed-in tests share one app whose review limit is out of the way; the limit has its own test.
  let signedInApp: ShopApp;
  const add = (who: ShopSession, body: object) =>
    request(signedInApp).post('/api/addReview').set('Authorization', who.bearer).send(body);

  beforeAll(() => {
    signedInApp = createApp(
      testDeps(
        store,
        loadConfig({
          AUTH_RATE_LIMIT_PER_MINUTE: '100000',
          REVIEW_RATE_LIMIT_PER_MINUTE: '100000',
          ...process.env,
        }),
      ),
    );
  });

  it('when a customer adds a review, then 201 with it, authored by their name, and it leads the public list', async () => {
    const me = await signInToShop(signedInApp, store, { displayName: 'Rosa Diaz' });

    const res = await add(me, { review: 'The torque wrench is spot on.', ratings: 5 });

    expect(res.status).toBe(201);
    expect(res.body).toEqual({
      _id: expect.stringMatching(/^[0-9a-f]{24}$/),
      review: 'The torque wrench is spot on.',
      ratings: 5,
      authorName: 'Rosa Diaz',
      verified: false,
      createdAt: expect.any(String),
    });
    const list = await request(signedInApp).get('/api/allReviews').expect(200);
    expect(list.body[0]).toEqual(res.body);
    const [stored] = await store.reviews.list();
    expect(stored?.authorEmail).toBe(me.email);
  });

  it('when the text holds HTML, then it is stored and answered verbatim as text', async () => {
    const me = await signInToShop(signedInApp, store);
    const html = '<img src=x onerror="alert(1)"><b>Great</b> & <script>x()</script>';

    const res = await add(me, { review: html, ratings: 4 }).expect(201);

    expect(res.body.review).toBe(html);
    const stored = (await store.reviews.list()).find((r) => r._id === res.body._id);
    expect(stored?.review).toBe(html);
  });

  it('when ratings come as the text "4" (as the old client sent), then they are stored as the number 4', async () => {
    const me = await signInToShop(signedInApp, store);

    const res = await add(me, { review: 'Good', ratings: '4' });

    expect(res.status).toBe(201);
    expect(res.body.ratings).toBe(4);
  });

  it('when the text has spaces around it, then it is trimmed', async () => {
    const me = await signInToShop(signedInApp, store);

    const res = await add(me, { review: '  Sturdy.  ', ratings: 3 }).expect(201);

    expect(res.body.review).toBe('Sturdy.');
  });

  it('when the body claims another author, then the signed-in user is the author all the same', async () => {
    const me = await signInToShop(signedInApp, store, { displayName: 'Real Me' });

    const res = await add(me, {
      review: 'Mine',
      ratings: 5,
      authorName: 'Someone Else',
      authorEmail: 'x@y.test',
    });

    expect(res.body.authorName).toBe('Real Me');
    const stored = (await store.reviews.list()).find((r) => r._id === res.body._id);
    expect(stored?.authorEmail).toBe(me.email);
  });

  it('when the user has no display name, then the author is the part of the email before the @', async () => {
    const user = await createEmulatorUser();
    const exchange = await request(signedInApp)
      .put(`/api/user/${encodeURIComponent(user.email)}`)
      .set('Authorization', `Bearer ${user.idToken}`)
      .send({ email: user.email })
      .expect(200);

    const res = await request(signedInApp)
      .post('/api/addReview')
      .set('Authorization', `Bearer ${exchange.body.token}`)
      .send({ review: 'Nameless but happy', ratings: 5 })
      .expect(201);

    expect(res.body.authorName).toBe(user.email.split('@')[0]);
  });

  it('when the text is exactly 1,000 characters, then it is accepted', async () => {
    const me = await signInToShop(signedInApp, store);

    await add(me, { review: 'r'.repeat(1000), ratings: 1 }).expect(201);
  });

  it.each([
    ['ratings', { review: 'Fine', ratings: 6 }],
    ['ratings', { review: 'Fine', ratings: '6' }],
    ['ratings', { review: 'Fine', ratings: 0 }],
    ['ratings', { review: 'Fine', ratings: 'x' }],
    ['ratings', { review: 'Fine', ratings: 4.5 }],
    ['ratings', { review: 'Fine', ratings: '4.5' }],
    ['ratings', { review: 'Fine', ratings: true }],
    ['ratings', { review: 'Fine', ratings: '' }],
    ['ratings', { review: 'Fine' }],
    ['review', { review: '', ratings: 5 }],
    ['review', { review: '   ', ratings: 5 }],
    ['review', { review: 'r'.repeat(1001), ratings: 5 }],
    ['review', { review: 42, ratings: 5 }],
    ['review', { ratings: 5 }],
  ])(
    'when %s is invalid (%j), then 400 naming the field and nothing is stored',
    async (field, body) => {
      const me = await signInToShop(signedInApp, store);
      const before = await store.reviews.count();

      const res = await add(me, body);

      expect(res.status).toBe(400);
      expect(res.body.error.code).toBe('VALIDATION_ERROR');
      expect(res.body.error.details.map((d: { path: string }) => d.path)).toContain(field);
      expect(await store.reviews.count()).toBe(before);
    },
  );

  it('when nobody is signed in, then 401 and nothing is stored', async () => {
    const before = await store.reviews.count();

    const res = await request(signedInApp)
      .post('/api/addReview')
      .send({ review: 'Anon', ratings: 5 });

    expect(res.status).toBe(401);
    expect(res.body.error.code).toBe('UNAUTHENTICATED');
    expect(await store.reviews.count()).toBe(before);
  });

  it('when a client exceeds the per-minute limit, then 429 with the RATE_LIMITED body', async () => {
    const limited = createApp(
      testDeps(
        store,
        loadConfig({
          AUTH_RATE_LIMIT_PER_MINUTE: '100000',
          ...process.env,
          REVIEW_RATE_LIMIT_PER_MINUTE: '2',
        }),
      ),
    );
    const me = await signInToShop(limited, store);
    const post = () =>
      request(limited)
        .post('/api/addReview')
        .set('Authorization', me.bearer)
        .send({ review: 'Again', ratings: 5 });

    const statuses = [(await post()).status, (await post()).status];
    const res = await post();

    expect(statuses).toEqual([201, 201]);
    expect(res.status).toBe(429);
    expect(res.body).toEqual({ error: { code: 'RATE_LIMITED', message: expect.any(String) } });
  });
});
