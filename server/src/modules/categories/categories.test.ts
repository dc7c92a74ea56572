import request from 'supertest';
import type { ShopApp } from '../../app.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApp } from '../../app.js';
import { loadConfig } from '../../config.js';
import type { Store } from '../../store/store.js';
import { createTestStore } from '../../test/test-store.js';
import { signInToShop, testDeps, type ShopSession } from '../../test/sign-in.js';

let store: Store;
let cleanup: () => Promise<void>;
let app: ShopApp;
let admin: ShopSession;
let customer: ShopSession;

beforeAll(async () => {
  ({ store, cleanup } = await createTestStore());
  app = createApp(
    testDeps(store, loadConfig({ ...process.env, AUTH_RATE_LIMIT_PER_MINUTE: '100000' })),
  );
  [admin, customer] = await Promise.all([
    signInToShop(app, store, { displayName: 'Ada Admin', admin: true }),
    signInToShop(app, store, { displayName: 'Cal Customer' }),
  ]);
});
afterAll(() => cleanup());

const post = (who: ShopSession, body: object) =>
  request(app).post('/api/categories').set('Authorization', who.bearer).send(body);

describe('POST /api/categories', () => {
  it('when an admin adds one, then 201 and it is listed (and usable for tools) at once', async () => {
    const res = await post(admin, { name: '  Garden Tools ' }).expect(201);
    expect(res.body).toEqual({ slug: 'garden-tools', name: 'Garden Tools', count: 0 });
    const list = await request(app).get('/api/categories').expect(200);
    expect(list.body).toContainEqual({ slug: 'garden-tools', name: 'Garden Tools', count: 0 });
    const tool = await request(app)
      .post('/api/addtools')
      .set('Authorization', admin.bearer)
      .send({
        name: 'Hedge Shears',
        img: '/images/tools/hedge-shears.svg',
        price: 24.5,
        description: 'Sharp.',
        availableQuantity: 10,
        MinimumOrderQuantity: 1,
        category: 'garden-tools',
        specs: [{ name: 'Blade', value: '20 cm' }],
        datasheetUrl: 'https://example.com/shears.pdf',
      })
      .expect(201);
    expect(tool.body).toMatchObject({
      category: 'garden-tools',
      specs: [{ name: 'Blade', value: '20 cm' }],
      datasheetUrl: 'https://example.com/shears.pdf',
    });
  });

  it('when the slug or the name (any case) exists, then 409', async () => {
    await post(admin, { name: 'Clamps', slug: 'clamps' }).expect(201);
    expect((await post(admin, { name: 'CLAMPS', slug: 'clamps-2' })).status).toBe(409);
    expect((await post(admin, { name: 'Vices', slug: 'clamps' })).status).toBe(409);
  });

  it('when the input is wrong, then 400 and nothing is added', async () => {
    await post(admin, { name: '' }).expect(400);
    await post(admin, { name: 'Ok', slug: 'Not A Slug' }).expect(400);
    await post(admin, { name: '!!!' }).expect(400);
    expect((await request(app).get('/api/categories')).body).toHaveLength(3);
  });

  it('when a customer tries, then 403', async () => {
    await post(customer, { name: 'Sneaky' }).expect(403);
  });

  it('when a tool is given an unknown category, then 400 and nothing is written', async () => {
    const res = await request(app)
      .post('/api/addtools')
      .set('Authorization', admin.bearer)
      .send({
        name: 'Lost Tool',
        img: '/images/tools/lost.svg',
        price: 1,
        description: '',
        availableQuantity: 1,
        MinimumOrderQuantity: 1,
        category: 'no-such-category',
      })
      .expect(400);
    expect(res.body.error.details).toEqual([expect.objectContaining({ path: 'category' })]);
    expect(await store.tools.count()).toBe(1);
  });
});
