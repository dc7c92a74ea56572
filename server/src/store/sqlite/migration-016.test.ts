import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import Database from 'better-sqlite3';
import { afterEach, expect, it } from 'vitest';
import { generatedSku } from '@toolworks/contract/sku';
import { migrate } from './migrate.js';
import { migrations } from './migrations/index.js';
import { openSqliteStore } from './sqlite-store.js';

let dir: string | undefined;
afterEach(async () => {
  if (dir) await fs.rm(dir, { recursive: true, force: true });
});

it('when a catalogue from before SKUs is migrated, then every tool gets a unique SKU from its category and id', async () => {
  dir = await fs.mkdtemp(path.join(os.tmpdir(), 'toolworks-m016-'));
  const file = path.join(dir, 'shop.db');
  const db = new Database(file);
  migrate(
    db,
    migrations.filter((m) => m.version < 16),
  );
  const insert =
    db.prepare(`INSERT INTO tools (id, name, name_folded, img, price_cents, description,
    available_quantity, minimum_order_quantity, category, created_at, updated_at)
    VALUES (?, ?, ?, '/images/tools/x.svg', 100, '', 10, 1, ?, '2025-01-01', '2025-01-01')`);
  const ids = ['aaaaaaaaaaaaaaaaaaaaaaa1', 'aaaaaaaaaaaaaaaaaaaaaaa2', 'bbbbbbbbbbbbbbbbbbbbbbb3'];
  insert.run(ids[0], 'Drill', 'drill', 'power-tools');
  insert.run(ids[1], 'Saw', 'saw', 'power-tools');
  insert.run(ids[2], 'Tape', 'tape', 'other');
  db.close();

  const store = openSqliteStore(file);
  try {
    const tools = (await store.tools.list({ offset: 0, limit: 10 })).items;
    expect(tools.map((t) => [t._id, t.sku]).sort()).toEqual([
      [ids[0], 'POW-AAAAAAAAAAAAAAAAAAAAAAA1'],
      [ids[1], 'POW-AAAAAAAAAAAAAAAAAAAAAAA2'],
      [ids[2], 'OTH-BBBBBBBBBBBBBBBBBBBBBBB3'],
    ]);
    for (const tool of tools) expect(tool.sku).toBe(generatedSku(tool.category, tool._id));
    expect((await store.tools.getBySku('pow-aaaaaaaaaaaaaaaaaaaaaaa2'))?._id).toBe(ids[1]);
  } finally {
    await store.close();
  }
});
