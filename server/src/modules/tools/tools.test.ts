import request from 'supertest';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createApp } from '../../app.js';
import { loadConfig } from '../../config.js';
import { ErrorBodySchema } from '@toolworks/contract/errors';
import { ToolListSchema, ToolSchema } from '@toolworks/contract/tools';
import type { Store, ToolRecord } from '../../store/store.js';
import { buildTool } from '../../test/factories.js';
import { createTestStore } from '../../test/test-store.js';
import { testDeps } from '../../test/sign-in.js';

let store: Store;
let cleanup: () => Promise<void>;
const config = loadConfig({ NODE_ENV: 'test', CLIENT_DIST: '/nonexistent/toolworks-dist' });
const app = () => createApp(testDeps(store, config));

// A fresh store per test: ordering, paging and totals are asserted exactly.
beforeEach(async () => {
  ({ store, cleanup } = await createTestStore());
});
afterEach(() => cleanup());

async function addTools(count: number): Promise<ToolRecord[]> {
  const created: ToolRecord[] = [];
  for (let i = 0; i < count; i++) created.push(await store.tools.create(buildTool()));
  return created;
}

describe('GET /api/tools', () => {
  it('when tools exist, then each has the wire shape with numbers as numbers and price in dollars', async () => {
    await store.tools.create(
      buildTool({
        name: 'Torque Wrench',
        priceCents: 1999,
        availableQuantity: 70,
        minimumOrderQuantity: 7,
      }),
    );
    const res = await request(app()).get('/api/tools').expect(200);
    const [tool] = ToolListSchema.parse(res.body);
    // datasheetUrl is optional and these tools have none.
    // Optional: a datasheet when there is one, a contract price only for a company's members.
    const keys = Object.keys(ToolSchema.shape).filter(
      (key) => key !== 'datasheetUrl' && key !== 'contractPrice',
    );
    expect(Object.keys(res.body[0]).sort()).toEqual(keys.sort());
    expect(tool).toMatchObject({
      name: 'Torque Wrench',
      price: 19.99,
      availableQuantity: 70,
      MinimumOrderQuantity: 7,
    });
    expect(tool?._id).toMatch(/^[0-9a-f]{24}$/);
  });

  it('when several tools exist, then the newest comes first', async () => {
    const created = await addTools(3);
    const res = await request(app()).get('/api/tools').expect(200);
    expect(res.body.map((t: { _id: string }) => t._id)).toEqual(
      created.map((t) => t._id).reverse(),
    );
  });

  it('when no page is asked, then the first 24 come with the total in X-Total-Count', async () => {
    await addTools(30);
    const res = await request(app()).get('/api/tools').expect(200);
    expect(res.body).toHaveLength(24);
    expect(res.headers['x-total-count']).toBe('30');
  });

  it('when page and limit are given, then that slice comes back', async () => {
    const newestFirst = (await addTools(5)).reverse();
    const res = await request(app()).get('/api/tools?page=2&limit=2').expect(200);
    expect(res.body.map((t: { _id: string }) => t._id)).toEqual([
      newestFirst[2]?._id,
      newestFirst[3]?._id,
    ]);
    expect(res.headers['x-total-count']).toBe('5');
    const past = await request(app()).get('/api/tools?page=4&limit=2').expect(200);
    expect(past.body).toEqual([]);
  });

  it('when searching, then names match as a case-insensitive substring and the total counts matches', async () => {
    const plain = { description: 'Plain stock.' };
    await store.tools.create(buildTool({ name: 'Cordless Drill', ...plain }));
    await store.tools.create(buildTool({ name: 'Hammer Drill Pro', ...plain }));
    await store.tools.create(buildTool({ name: 'Pipe Wrench', ...plain }));
    const res = await request(app()).get('/api/tools').query({ search: '  dRiLl ' }).expect(200);
    expect(res.body.map((t: { name: string }) => t.name)).toEqual([
      'Hammer Drill Pro',
      'Cordless Drill',
    ]);
    expect(res.headers['x-total-count']).toBe('2');
    const inside = await request(app()).get('/api/tools').query({ search: 'rench' }).expect(200);
    expect(inside.body.map((t: { name: string }) => t.name)).toEqual(['Pipe Wrench']);
  });

  it('when nothing matches the search, then an empty list', async () => {
    await addTools(2);
    const res = await request(app()).get('/api/tools').query({ search: 'chainsaw' }).expect(200);
    expect(res.body).toEqual([]);
    expect(res.headers['x-total-count']).toBe('0');
  });

  it('when the search is blank, then it lists everything', async () => {
    await addTools(2);
    const res = await request(app()).get('/api/tools?search=').expect(200);
    expect(res.body).toHaveLength(2);
  });

  it.each([
    ['page=0', 'page'],
    ['page=1.5', 'page'],
    ['limit=1000', 'limit'],
    ['limit=0', 'limit'],
    ['limit=abc', 'limit'],
    [`search=${'x'.repeat(101)}`, 'search'],
    ['search=drill%00', 'search'],
    ['search=%00', 'search'],
    ['search=dr%07ill', 'search'],
    ['search=dr%7Fill', 'search'],
  ])('when the query has %s, then 400 naming the field', async (query, field) => {
    const res = await request(app()).get(`/api/tools?${query}`).expect(400);
    const body = ErrorBodySchema.parse(res.body);
    expect(body.error.code).toBe('VALIDATION_ERROR');
    expect(body.error.details).toEqual([expect.objectContaining({ path: field })]);
  });
});

describe('GET /api/tool/:id', () => {
  it('when the tool exists, then it answers that tool', async () => {
    const created = await store.tools.create(buildTool({ name: 'Bench Vise', priceCents: 7800 }));
    const res = await request(app()).get(`/api/tool/${created._id}`).expect(200);
    expect(ToolSchema.parse(res.body)).toMatchObject({
      _id: created._id,
      name: 'Bench Vise',
      price: 78,
    });
  });

  it('when the id is malformed, then 400 "Malformed id"', async () => {
    const res = await request(app()).get('/api/tool/not-an-id').expect(400);
    const body = ErrorBodySchema.parse(res.body);
    expect(body.error.code).toBe('VALIDATION_ERROR');
    expect(body.error.message).toContain('Malformed id');
  });

  it('when no tool has that id, then 404', async () => {
    const res = await request(app())
      .get(`/api/tool/${'a'.repeat(24)}`)
      .expect(404);
    expect(ErrorBodySchema.parse(res.body).error.code).toBe('NOT_FOUND');
  });
});
