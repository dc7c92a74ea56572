import request from 'supertest';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createApp } from '../../app.js';
import { loadConfig } from '../../config.js';
import type { Store } from '../../store/store.js';
import { buildTool } from '../../test/factories.js';
import { createTestStore } from '../../test/test-store.js';
import { testDeps } from '../../test/sign-in.js';

let store: Store;
let cleanup: () => Promise<void>;
const config = loadConfig({ NODE_ENV: 'test', CLIENT_DIST: '/nonexistent/toolworks-dist' });
const app = () => createApp(testDeps(store, config));

// The descriptions say nothing a test searches for.
const tool = (name: string, sku: string) => buildTool({ name, sku, description: 'Shop stock.' });
const names = (body: { name: string }[]) => body.map((t) => t.name).sort();
const search = async (text: string) => {
  const res = await request(app()).get('/api/tools').query({ search: text }).expect(200);
  expect(res.headers['x-total-count'], text).toBe(String(res.body.length));
  return names(res.body);
};

beforeEach(async () => {
  ({ store, cleanup } = await createTestStore());
  await store.tools.create(tool('Cordless Drill 18V', 'PF-DRL-18'));
  await store.tools.create(tool('Hammer Drill 20V', 'PF-DRL-20'));
  await store.tools.create(tool('25 ft Tape Measure', 'HT-TPM-25'));
  await store.tools.create(tool('Tape Measure 8 m', 'HT-TPM-8M'));
  await store.tools.create(tool('Masking Tape', 'XPF-DRL-1'));
});
afterEach(() => cleanup());

describe('GET /api/tools?search= (part numbers)', () => {
  it('when the start of a SKU is searched ("PF-DRL"), then the tools whose SKU starts so are found', async () => {
    expect(await search('PF-DRL')).toEqual(['Cordless Drill 18V', 'Hammer Drill 20V']);
    expect(await search('pf-drl-2')).toEqual(['Hammer Drill 20V']);
  });

  it('when a SKU is typed without its dashes or case ("pfdrl18"), then its tool is found', async () => {
    expect(await search('pfdrl18')).toEqual(['Cordless Drill 18V']);
    expect(await search('HTTPM')).toEqual(['25 ft Tape Measure', 'Tape Measure 8 m']);
  });

  it('when the text is inside a SKU but not at its start, then that is no SKU match', async () => {
    expect(await search('drl18')).toEqual([]);
  });

  it('when the category counts follow a SKU search, then they count the same tools', async () => {
    await store.categories.create({ slug: 'drills', name: 'Drills' });
    await store.tools.create({ ...tool('Impact Driver', 'PF-DRL-30'), category: 'drills' });
    const res = await request(app()).get('/api/categories?search=pfdrl').expect(200);
    expect(res.body).toContainEqual({ slug: 'drills', name: 'Drills', count: 1 });
    expect(res.body).toContainEqual({ slug: 'other', name: 'Other', count: 2 });
  });
});

describe('GET /api/tools?search= (several words)', () => {
  it('when the words come in another order than in the name, then the tool is found', async () => {
    expect(await search('tape measure 25')).toEqual(['25 ft Tape Measure']);
    expect(await search('measure tape')).toEqual(['25 ft Tape Measure', 'Tape Measure 8 m']);
  });

  it('when the last word is only begun ("tape meas"), then it matches as a prefix', async () => {
    expect(await search('tape meas')).toEqual(['25 ft Tape Measure', 'Tape Measure 8 m']);
  });

  it('when every word is short ("8 m"), then each must still be there', async () => {
    expect(await search('8 m')).toEqual(['Tape Measure 8 m']);
  });

  it('when one word is found nowhere, then the tool is not listed', async () => {
    expect(await search('tape measure laser')).toEqual([]);
  });
});
