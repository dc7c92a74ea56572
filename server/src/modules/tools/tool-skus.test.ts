import request from 'supertest';
import { describe, expect, it } from 'vitest';
import { ErrorBodySchema } from '@toolworks/contract/errors';
import { ToolSchema, ToolSuggestionsSchema } from '@toolworks/contract/tools';
import { buildTool } from '../../test/factories.js';
import { useAdminTestApp } from '../../test/admin-test-app.js';

const shop = useAdminTestApp();

const validTool = (overrides: Record<string, unknown> = {}) => ({
  name: 'Impact Driver 18V',
  img: '/images/tools/impact-driver.svg',
  price: 129.99,
  description: 'Brushless, three speeds, 200 Nm.',
  availableQuantity: 400,
  MinimumOrderQuantity: 20,
  ...overrides,
});

const add = (body: object) =>
  request(shop.app).post('/api/addtools').set('Authorization', shop.admin.bearer).send(body);
const put = (id: string, body: object) =>
  request(shop.app).put(`/api/tool/${id}`).set('Authorization', shop.admin.bearer).send(body);

describe('GET /api/tool/by-sku/{sku}', () => {
  it('when the SKU is known in any case, then the tool is answered as GET /tool/{id} shows it', async () => {
    const created = ToolSchema.parse((await add(validTool({ sku: 'PF-IMP-18' })).expect(201)).body);
    expect(created.sku).toBe('PF-IMP-18');
    const byId = await request(shop.app).get(`/api/tool/${created._id}`).expect(200);
    for (const sku of ['PF-IMP-18', 'pf-imp-18']) {
      const res = await request(shop.app).get(`/api/tool/by-sku/${sku}`).expect(200);
      expect(res.body).toEqual(byId.body);
    }
  });

  it('when no tool has the SKU, then 404 JSON; when it cannot be one, then 400', async () => {
    const res = await request(shop.app).get('/api/tool/by-sku/NO-SUCH-1').expect(404);
    expect(ErrorBodySchema.parse(res.body).error).toMatchObject({ code: 'NOT_FOUND' });
    expect(res.body.error.message).toContain('NO-SUCH-1');
    const bad = await request(shop.app).get('/api/tool/by-sku/bad%20sku!').expect(400);
    expect(ErrorBodySchema.parse(bad.body).error.code).toBe('VALIDATION_ERROR');
  });
});

describe('SKUs in Add a Tool and the edit', () => {
  it('when a second tool takes a SKU in another case, then 409 CONFLICT on the SKU field and nothing is added', async () => {
    await add(validTool({ sku: 'HT-HMR-16' })).expect(201);
    const before = await shop.store.tools.count();
    const res = await add(validTool({ sku: 'ht-hmr-16' })).expect(409);
    const { error } = ErrorBodySchema.parse(res.body);
    expect(error.code).toBe('CONFLICT');
    expect(error.message).toBe('SKU ht-hmr-16 is already used by another tool; choose another.');
    expect(error.details).toEqual([{ path: 'sku', message: error.message }]);
    expect(await shop.store.tools.count()).toBe(before);
  });

  it("when an edit gives another tool's SKU, then 409 and the tool is unchanged; its own in another case is fine", async () => {
    await add(validTool({ sku: 'ED-HMR-16' })).expect(201);
    const other = ToolSchema.parse((await add(validTool({ sku: 'ED-HMR-20' })).expect(201)).body);
    await put(other._id, validTool({ sku: 'Ed-Hmr-16', name: 'Renamed' })).expect(409);
    expect((await shop.store.tools.get(other._id))?.name).toBe('Impact Driver 18V');
    const own = await put(other._id, validTool({ sku: 'ed-hmr-20' })).expect(200);
    expect(own.body.sku).toBe('ed-hmr-20');
    const kept = await put(other._id, validTool()).expect(200);
    expect(kept.body.sku).toBe('ed-hmr-20');
  });

  it.each([
    ['a space', 'HT HMR'],
    ['a leading dash', '-HMR'],
    ['a slash', 'HT/16'],
    ['33 characters', 'A'.repeat(33)],
    ['a number', 42],
  ])('when the SKU has %s, then 400 on the SKU field in words', async (_, sku) => {
    const res = await add(validTool({ sku })).expect(400);
    const { error } = ErrorBodySchema.parse(res.body);
    expect(error.details).toEqual([expect.objectContaining({ path: 'sku' })]);
    expect(error.message).toMatch(/^SKU /);
  });
});

describe('an exact SKU first in the search and the typeahead', () => {
  it('when a SKU is searched, then its tool comes first, before tools that only mention it, and pages stay whole', async () => {
    const exact = await shop.store.tools.create(buildTool({ name: 'Claw Hammer', sku: 'DRILL-7' }));
    const mentions = [];
    for (let i = 0; i < 5; i++)
      mentions.push(await shop.store.tools.create(buildTool({ name: `Drill-7 adapter ${i}` })));
    const res = await request(shop.app).get('/api/tools?search=drill-7&limit=2').expect(200);
    expect(res.body.map((t: { _id: string }) => t._id)[0]).toBe(exact._id);
    expect(res.headers['x-total-count']).toBe('6');
    const seen: string[] = [];
    for (let page = 1; page <= 3; page++) {
      const p = await request(shop.app)
        .get('/api/tools')
        .query({ search: 'DRILL-7', limit: 2, page })
        .expect(200);
      seen.push(...p.body.map((t: { _id: string }) => t._id));
    }
    expect(seen).toHaveLength(6);
    expect(new Set(seen).size).toBe(6);
    expect(seen[0]).toBe(exact._id);
  });

  it('when the tool of the SKU is named after it too, then it is listed once and counted once', async () => {
    const exact = await shop.store.tools.create(buildTool({ name: 'Vise VX-12', sku: 'VX-12' }));
    await shop.store.tools.create(buildTool({ name: 'Vise VX-12 jaws' }));
    const res = await request(shop.app).get('/api/tools?search=vx-12').expect(200);
    expect(res.body.map((t: { _id: string }) => t._id)).toEqual([
      exact._id,
      expect.not.stringMatching(exact._id),
    ]);
    expect(res.headers['x-total-count']).toBe('2');
  });

  it('when a SKU is typed in the header, then the typeahead suggests its tool first', async () => {
    for (let i = 0; i < 7; i++)
      await shop.store.tools.create(buildTool({ name: `Ratchet RT-5${i}` }));
    const exact = await shop.store.tools.create(buildTool({ name: 'Zeta Wrench', sku: 'rt-5' }));
    const res = await request(shop.app).get('/api/tools/suggest?q=RT-5').expect(200);
    const body = ToolSuggestionsSchema.parse(res.body);
    expect(body.tools[0]).toEqual({ _id: exact._id, name: 'Zeta Wrench', sku: 'rt-5' });
    expect(body.tools).toHaveLength(6);
  });
});
