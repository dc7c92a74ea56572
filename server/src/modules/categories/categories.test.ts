import request from 'supertest';
import { describe, expect, it } from 'vitest';
import { type ShopSession } from '../../test/sign-in.js';
import { testConfig, useSignedIn, useTestApp } from '../../test/test-app.js';

const shop = useSignedIn(useTestApp(testConfig()), {
  admin: { displayName: 'Ada Admin', admin: true },
  customer: { displayName: 'Cal Customer' },
});

const post = (who: ShopSession, body: object) =>
  request(shop.app).post('/api/categories').set('Authorization', who.bearer).send(body);

describe('POST /api/categories', () => {
  it('when an admin adds one, then 201 and it is listed (and usable for tools) at once', async () => {
    const res = await post(shop.admin, { name: '  Garden Tools ' }).expect(201);
    expect(res.body).toEqual({ slug: 'garden-tools', name: 'Garden Tools', count: 0 });
    const list = await request(shop.app).get('/api/categories').expect(200);
    expect(list.body).toContainEqual({ slug: 'garden-tools', name: 'Garden Tools', count: 0 });
    const tool = await request(shop.app)
      .post('/api/addtools')
      .set('Authorization', shop.admin.bearer)
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
    await post(shop.admin, { name: 'Clamps', slug: 'clamps' }).expect(201);
    expect((await post(shop.admin, { name: 'CLAMPS', slug: 'clamps-2' })).status).toBe(409);
    expect((await post(shop.admin, { name: 'Vices', slug: 'clamps' })).status).toBe(409);
  });

  it('when the input is wrong, then 400 and nothing is added', async () => {
    await post(shop.admin, { name: '' }).expect(400);
    await post(shop.admin, { name: 'Ok', slug: 'Not A Slug' }).expect(400);
    await post(shop.admin, { name: '!!!' }).expect(400);
    expect((await request(shop.app).get('/api/categories')).body).toHaveLength(3);
  });

  it('when a customer tries, then 403', async () => {
    await post(shop.customer, { name: 'Sneaky' }).expect(403);
  });

  it('when a tool is given an unknown category, then 400 and nothing is written', async () => {
    const res = await request(shop.app)
      .post('/api/addtools')
      .set('Authorization', shop.admin.bearer)
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
    expect(await shop.store.tools.count()).toBe(1);
  });
});
