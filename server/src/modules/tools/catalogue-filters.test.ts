import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApp } from '../../app.js';
import { loadConfig } from '../../config.js';
import { ErrorBodySchema } from '@toolworks/contract/errors';
import { CategoryListSchema, ToolListSchema } from '@toolworks/contract/tools';
import type { Store } from '../../store/store.js';
import { buildOrderInput, buildTool, storeReview } from '../../test/factories.js';
import { createTestStore } from '../../test/test-store.js';
import { testDeps } from '../../test/sign-in.js';

/** GET /api/tools filters and sorts, and GET /api/categories counts, on the real store. */
let store: Store;
let cleanup: () => Promise<void>;
const config = loadConfig({ NODE_ENV: 'test', CLIENT_DIST: '/nonexistent/toolworks-dist' });
const app = () => createApp(testDeps(store, config));

const plain = 'Plain stock.';
beforeAll(async () => {
  ({ store, cleanup } = await createTestStore());
  await store.categories.create({ slug: 'power-tools', name: 'Power tools' });
  await store.categories.create({ slug: 'hand-tools', name: 'Hand tools' });
  // Inserted oldest first: the newest is the last one.
  const tools = [
    { name: 'Belt Sander', priceCents: 12000, availableQuantity: 50, category: 'power-tools' },
    { name: 'Angle Grinder', priceCents: 5999, availableQuantity: 0, category: 'power-tools' },
    { name: 'Claw Hammer', priceCents: 1500, availableQuantity: 900, category: 'hand-tools' },
    { name: 'Cordless Drill', priceCents: 8900, availableQuantity: 20, category: 'power-tools' },
    { name: 'Hex Keys', priceCents: 900, availableQuantity: 0, category: 'hand-tools' },
  ];
  for (const tool of tools)
    await store.tools.create(buildTool({ ...tool, description: plain, minimumOrderQuantity: 1 }));
  await store.tools.create(
    buildTool({ name: 'Mystery Box', description: 'Contains a drill bit.', priceCents: 100 }),
  );
});
afterAll(() => cleanup());

const list = async (query: Record<string, string>) => {
  const res = await request(app()).get('/api/tools').query(query).expect(200);
  return {
    names: ToolListSchema.parse(res.body).map((t) => t.name),
    total: Number(res.headers['x-total-count']),
  };
};

describe('GET /api/tools filters and sorting', () => {
  it('when a category is given, then only its tools, newest first, with an exact total', async () => {
    expect(await list({ category: 'power-tools' })).toEqual({
      names: ['Cordless Drill', 'Angle Grinder', 'Belt Sander'],
      total: 3,
    });
    expect(await list({ category: 'fastening' })).toEqual({ names: [], total: 0 });
  });

  it('when inStock=true, then sold-out tools are left out; inStock=false filters nothing', async () => {
    expect((await list({ inStock: 'true', category: 'hand-tools' })).names).toEqual([
      'Claw Hammer',
    ]);
    expect((await list({ inStock: 'false' })).total).toBe(6);
  });

  it('when a price range in dollars is given, then both ends are included', async () => {
    expect(await list({ minPrice: '15', maxPrice: '89', sort: 'price_asc' })).toEqual({
      names: ['Claw Hammer', 'Angle Grinder', 'Cordless Drill'],
      total: 3,
    });
    expect((await list({ minPrice: '59.99', maxPrice: '59.99' })).names).toEqual(['Angle Grinder']);
  });

  it('when sorting, then by price either way or by name', async () => {
    expect((await list({ sort: 'price_desc', category: 'power-tools' })).names).toEqual([
      'Belt Sander',
      'Cordless Drill',
      'Angle Grinder',
    ]);
    expect((await list({ sort: 'name', category: 'hand-tools' })).names).toEqual([
      'Claw Hammer',
      'Hex Keys',
    ]);
    expect((await list({ sort: 'newest', limit: '2' })).names).toEqual(['Mystery Box', 'Hex Keys']);
  });

  it('when everything is combined with paging, then the page and total follow all of it', async () => {
    const query = { category: 'power-tools', inStock: 'true', minPrice: '10', sort: 'price_asc' };
    expect(await list({ ...query, limit: '1', page: '2' })).toEqual({
      names: ['Belt Sander'],
      total: 2,
    });
  });

  it('when searching, then the description matches too', async () => {
    expect(await list({ search: 'DRILL' })).toEqual({
      names: ['Mystery Box', 'Cordless Drill'],
      total: 2,
    });
    expect((await list({ search: 'drill', category: 'power-tools' })).names).toEqual([
      'Cordless Drill',
    ]);
  });

  it.each([
    ['category', 'Power Tools'],
    ['category', '../x'],
    ['minPrice', '-1'],
    ['minPrice', 'abc'],
    ['maxPrice', 'Infinity'],
    ['inStock', 'yes'],
    ['sort', 'price'],
    ['sort', 'oldest'],
  ])('when %s is %j, then 400 naming it', async (key, value) => {
    const res = await request(app())
      .get('/api/tools')
      .query({ [key]: value })
      .expect(400);
    const body = ErrorBodySchema.parse(res.body);
    expect(body.error.code).toBe('VALIDATION_ERROR');
    expect(body.error.details).toEqual([expect.objectContaining({ path: key })]);
  });

  it('when minPrice is above maxPrice, then 400', async () => {
    const res = await request(app()).get('/api/tools?minPrice=50&maxPrice=10').expect(400);
    expect(ErrorBodySchema.parse(res.body).error.message).toMatch(/minPrice/);
  });

  it('when a tool has reviews, then its rating is the average of the visible ones', async () => {
    const [tool] = (await store.tools.list({ search: 'Claw', offset: 0, limit: 1 })).items;
    if (!tool) throw new Error('no tool');
    // Each by a different buyer with a paid order: one review per buyer and tool, verified.
    const review = async (ratings: number) => {
      const placed = await store.orders.place(buildOrderInput(tool._id, { quantity: 1 }));
      if (!placed.ok) throw new Error('the order should have been placed');
      await store.orders.markPaid(placed.order._id, 'pi_test');
      return storeReview(store, {
        review: 'ok',
        ratings,
        authorEmail: placed.order.userEmail,
        authorName: 'R',
        toolId: tool._id,
        verified: true,
      });
    };
    await review(5);
    await review(4);
    const hidden = await review(1);
    await store.reviews.setHidden(hidden._id, true);
    const res = await request(app()).get(`/api/tool/${tool._id}`).expect(200);
    expect(res.body.rating).toEqual({ average: 4.5, count: 2 });
    expect(res.body.category).toBe('hand-tools');
  });
});

describe('GET /api/categories', () => {
  const categories = async (query: Record<string, string> = {}) => {
    const res = await request(app()).get('/api/categories').query(query).expect(200);
    return CategoryListSchema.parse(res.body);
  };

  it('when asked, then every category by name with its number of tools', async () => {
    expect(await categories()).toEqual([
      { slug: 'hand-tools', name: 'Hand tools', count: 2 },
      { slug: 'other', name: 'Other', count: 1 },
      { slug: 'power-tools', name: 'Power tools', count: 3 },
    ]);
  });

  it('when a search and filters are given, then the counts follow them', async () => {
    const counts = async (query: Record<string, string>) =>
      Object.fromEntries((await categories(query)).map((c) => [c.slug, c.count]));
    expect(await counts({ search: 'drill' })).toEqual({
      'hand-tools': 0,
      other: 1,
      'power-tools': 1,
    });
    expect(await counts({ inStock: 'true', maxPrice: '100' })).toEqual({
      'hand-tools': 1,
      other: 1,
      'power-tools': 1,
    });
  });

  it('when a filter value is wrong, then 400', async () => {
    await request(app()).get('/api/categories?inStock=maybe').expect(400);
    await request(app()).get('/api/categories?minPrice=-5').expect(400);
  });
});
