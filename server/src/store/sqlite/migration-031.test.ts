import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import Database from 'better-sqlite3';
import { afterEach, expect, it } from 'vitest';
import { migrate } from './migrate.js';
import { migrations } from './migrations/index.js';
import { openSqliteStore } from './sqlite-store.js';

let dir: string | undefined;
afterEach(async () => {
  if (dir) await fs.rm(dir, { recursive: true, force: true });
});

const page = { offset: 0, limit: 10 };

it('when a catalogue from before SKU search is migrated, then its tools are found by SKU prefix, by name, and after edits', async () => {
  dir = await fs.mkdtemp(path.join(os.tmpdir(), 'toolworks-m031-'));
  const file = path.join(dir, 'shop.db');
  const db = new Database(file);
  migrate(
    db,
    migrations.filter((m) => m.version < 31),
  );
  db.prepare(
    `INSERT INTO tools (id, sku, name, name_folded, img, price_cents, description,
    available_quantity, minimum_order_quantity, category, created_at, updated_at)
    VALUES ('aaaaaaaaaaaaaaaaaaaaaaa1', 'PF-DRL-18', 'Cordless Drill', 'cordless drill',
    '/images/tools/x.svg', 100, 'Two batteries.', 50, 1, 'other', '2025-01-01', '2025-01-01')`,
  ).run();
  db.close();

  const store = openSqliteStore(file);
  try {
    const found = async (search: string) =>
      (await store.tools.list({ ...page, search })).items.map((tool) => tool.sku);
    expect(await found('pfdrl')).toEqual(['PF-DRL-18']);
    expect(await found('batteries two')).toEqual(['PF-DRL-18']);
    const tool = await store.tools.getBySku('PF-DRL-18');
    await store.tools.update(tool!._id, { ...tool!, sku: 'PF-DRL-20', name: 'Hammer Drill' });
    expect(await found('pfdrl18')).toEqual([]);
    expect(await found('pf-drl-20')).toEqual(['PF-DRL-20']);
    expect(await found('cordless')).toEqual([]);
    await store.tools.delete(tool!._id);
    expect(await found('pfdrl')).toEqual([]);
  } finally {
    await store.close();
  }
});
