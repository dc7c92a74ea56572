import request from 'supertest';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createApp } from '../../app.js';
import { loadConfig } from '../../config.js';
import { ErrorBodySchema } from '@toolworks/contract/errors';
import { ToolSuggestionsSchema } from '@toolworks/contract/tools';
import type { Store } from '../../store/store.js';
import { buildTool } from '../../test/factories.js';
import { createTestStore } from '../../test/test-store.js';
import { testDeps } from '../../test/sign-in.js';

let store: Store;
let cleanup: () => Promise<void>;
const config = loadConfig({ NODE_ENV: 'test', CLIENT_DIST: '/nonexistent/toolworks-dist' });
const app = () => createApp(testDeps(store, config));

beforeEach(async () => {
  ({ store, cleanup } = await createTestStore());
  await store.categories.create({ slug: 'drills', name: 'Drills' });
  await store.categories.create({ slug: 'hammers', name: 'Hammers' });
  await store.categories.create({ slug: 'empty-shelf', name: 'Empty Shelf' });
  await store.tools.create(tool('Cordless Drill', 'drills'));
  await store.tools.create(tool('Hammer Drill Pro', 'drills'));
  await store.tools.create(tool('Claw Hammer', 'hammers'));
  await store.tools.create(tool('Sledge', 'hammers'));
  await store.tools.create(tool('Torque Wrench'));
});
afterEach(() => cleanup());

// The search reads descriptions too: these say nothing a test searches for.
const tool = (name: string, category?: string) =>
  buildTool({ name, description: 'Shop stock.', ...(category ? { category } : {}) });
const names = (body: { name: string }[]) => body.map((t) => t.name).sort();

describe('GET /api/tools?search= (typo tolerance)', () => {
  it('when the search is misspelt ("drils"), then the drills are found', async () => {
    const res = await request(app()).get('/api/tools?search=drils').expect(200);
    expect(names(res.body)).toEqual(['Cordless Drill', 'Hammer Drill Pro']);
    expect(res.headers['x-total-count']).toBe('2');
  });

  it('when "hamer" is searched, then the tools named hammer are found', async () => {
    const res = await request(app()).get('/api/tools?search=hamer').expect(200);
    expect(names(res.body)).toEqual(['Claw Hammer', 'Hammer Drill Pro']);
  });

  it('when a category name is searched, misspelt or not, then its tools are listed', async () => {
    for (const search of ['hammers', 'hamers']) {
      const res = await request(app()).get('/api/tools').query({ search }).expect(200);
      expect(names(res.body), search).toEqual(['Claw Hammer', 'Sledge']);
    }
  });

  it('when the search is exact, then no correction widens it', async () => {
    const res = await request(app()).get('/api/tools?search=drill').expect(200);
    expect(names(res.body)).toEqual(['Cordless Drill', 'Hammer Drill Pro']);
    const wrench = await request(app()).get('/api/tools?search=wrench').expect(200);
    expect(names(wrench.body)).toEqual(['Torque Wrench']);
  });

  it('when nothing is near the search, then nothing is listed', async () => {
    const res = await request(app()).get('/api/tools?search=xylophone').expect(200);
    expect(res.body).toEqual([]);
    expect(res.headers['x-total-count']).toBe('0');
  });

  it('when the corrected search is combined with filters, then the filters still apply', async () => {
    const res = await request(app()).get('/api/tools?search=drils&category=hammers').expect(200);
    expect(res.body).toEqual([]);
  });

  it('when a tool is renamed, then the next misspelt search knows the new name', async () => {
    const grinder = await store.tools.create(tool('Angle Grinder'));
    await request(app()).get('/api/tools?search=grindr').expect(200);
    await store.tools.update(grinder._id, tool('Bench Sander'));
    const res = await request(app()).get('/api/tools?search=sandr').expect(200);
    expect(names(res.body)).toEqual(['Bench Sander']);
  });
});

describe('GET /api/tools?search= (saying what was searched)', () => {
  const corrected = (res: request.Response) => {
    const header: string | undefined = res.headers['x-corrected-query'];
    return header === undefined ? undefined : decodeURIComponent(header);
  };

  it('when a misspelt search is corrected, then the answer says what was searched instead', async () => {
    const res = await request(app()).get('/api/tools?search=drils').expect(200);
    expect(corrected(res)).toBe('drill');
    const exact = await request(app()).get('/api/tools?search=drill').expect(200);
    expect(corrected(exact)).toBeUndefined();
  });

  it('when the search names a category only ("hamers"), then the answer names the category', async () => {
    const res = await request(app()).get('/api/tools?search=hamers').expect(200);
    expect(names(res.body)).toEqual(['Claw Hammer', 'Sledge']);
    expect(corrected(res)).toBe('Hammers');
  });

  it('when exact=true, then the search is taken as typed: no correction, nothing found', async () => {
    const res = await request(app()).get('/api/tools?search=drils&exact=true').expect(200);
    expect(res.body).toEqual([]);
    expect(res.headers['x-total-count']).toBe('0');
    expect(corrected(res)).toBeUndefined();
    await request(app()).get('/api/tools?search=drils&exact=maybe').expect(400);
  });

  it('when the answers with and without the correction differ, then so do their ETags', async () => {
    const fixed = await request(app()).get('/api/tools?search=drils').expect(200);
    const typed = await request(app()).get('/api/tools?search=drill').expect(200);
    expect(fixed.text).toBe(typed.text);
    expect(fixed.headers.etag).not.toBe(typed.headers.etag);
  });

  it("when a misspelt search is corrected, then the category counts are the corrected results' counts", async () => {
    const count = async (url: string) =>
      Object.fromEntries(
        (await request(app()).get(url).expect(200)).body.map(
          (c: { slug: string; count: number }) => [c.slug, c.count],
        ),
      );
    expect(await count('/api/categories?search=drils')).toMatchObject({ drills: 2, hammers: 0 });
    expect(await count('/api/categories?search=hamers')).toMatchObject({ drills: 0, hammers: 2 });
    expect(await count('/api/categories?search=drils&exact=true')).toMatchObject({
      drills: 0,
      hammers: 0,
    });
  });
});

describe('GET /api/tools/suggest', () => {
  it('when part of a name is typed, then matching tools by name and their category come back', async () => {
    const res = await request(app()).get('/api/tools/suggest?q=dri').expect(200);
    const body = ToolSuggestionsSchema.parse(res.body);
    expect(body.tools.map((t) => t.name)).toEqual(['Cordless Drill', 'Hammer Drill Pro']);
    expect(body.tools[0]?._id).toMatch(/^[0-9a-f]{24}$/);
    expect(body.categories).toEqual([{ slug: 'drills', name: 'Drills' }]);
    expect(Object.keys(res.body).sort()).toEqual(['categories', 'tools']);
  });

  it('when the word is misspelt, then the suggestions are the corrected ones', async () => {
    const res = await request(app()).get('/api/tools/suggest?q=hamer').expect(200);
    expect(res.body.tools.map((t: { name: string }) => t.name)).toEqual([
      'Claw Hammer',
      'Hammer Drill Pro',
    ]);
    expect(res.body.categories).toEqual([{ slug: 'hammers', name: 'Hammers' }]);
  });

  it('when a category has no tools, then it is not suggested', async () => {
    const res = await request(app()).get('/api/tools/suggest?q=empty').expect(200);
    expect(res.body).toEqual({ tools: [], categories: [] });
  });

  it('when many tools match, then at most six are suggested', async () => {
    for (let i = 0; i < 8; i++) await store.tools.create(tool(`Saw ${i}`));
    const res = await request(app()).get('/api/tools/suggest?q=saw').expect(200);
    expect(res.body.tools).toHaveLength(6);
  });

  it('when q is blank or absent, then nothing is suggested', async () => {
    expect((await request(app()).get('/api/tools/suggest').expect(200)).body).toEqual({
      tools: [],
      categories: [],
    });
    expect((await request(app()).get('/api/tools/suggest?q=%20').expect(200)).body).toEqual({
      tools: [],
      categories: [],
    });
  });

  it('when q is too long or holds control characters, then 400 with a message', async () => {
    for (const q of ['x'.repeat(101), 'a\u0001b']) {
      const res = await request(app()).get('/api/tools/suggest').query({ q }).expect(400);
      const { error } = ErrorBodySchema.parse(res.body);
      expect(error.code).toBe('VALIDATION_ERROR');
      expect(error.message).toMatch(/Search must/);
    }
  });
});
