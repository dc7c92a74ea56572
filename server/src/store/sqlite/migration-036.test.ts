import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import Database from 'better-sqlite3';
import { afterEach, expect, it } from 'vitest';
import { migrate } from './migrate.js';
import { migrations } from './migrations/index.js';
import { openSqliteStore } from './sqlite-store.js';
import { TOOL_COLUMNS } from './tool-list-sql.js';
import { buildTool } from '../../test/factories.js';

// Migration 036 (issue 51): each tool's tax class, `standard` for every tool before it.

let dir: string | undefined;
afterEach(async () => {
  if (dir) await fs.rm(dir, { recursive: true, force: true });
});

async function shopBefore36(): Promise<string> {
  dir = await fs.mkdtemp(path.join(os.tmpdir(), 'toolworks-m036-'));
  const file = path.join(dir, 'shop.db');
  const db = new Database(file);
  db.pragma('foreign_keys = ON');
  migrate(
    db,
    migrations.filter((m) => m.version < 36),
  );
  db.exec(`INSERT INTO tools (id, sku, name, name_folded, img, price_cents, description,
    available_quantity, minimum_order_quantity, category, specs, price_tiers, created_at,
    updated_at) VALUES ('aaaaaaaaaaaaaaaaaaaaaaa1', 'OLD-1', 'Old Drill', 'old drill',
    '/images/tools/x.svg', 1999, 'Two-speed', 50, 5, 'power-tools', '[]', '[]',
    '2025-01-01T00:00:00.000Z', '2025-01-01T00:00:00.000Z');`);
  db.close();
  return file;
}

const staleRows = (file: string) => {
  const db = new Database(file, { readonly: true });
  try {
    return db
      .prepare(`SELECT count(*) FROM tools t WHERE t.list_json IS NOT json_array(${TOOL_COLUMNS})`)
      .pluck()
      .get() as number;
  } finally {
    db.close();
  }
};

it('when a shop from before tax classes is migrated, then its tools are standard, listed as read', async () => {
  const file = await shopBefore36();
  const store = openSqliteStore(file);
  try {
    expect(store.appliedMigrations).toContain(36);
    const [listed] = (await store.tools.list({ offset: 0, limit: 10 })).items;
    expect(listed).toMatchObject({ sku: 'OLD-1', taxClass: 'standard', unit: 'C62' });
    expect(listed).toEqual(await store.tools.get('aaaaaaaaaaaaaaaaaaaaaaa1'));
  } finally {
    await store.close();
  }
  expect(staleRows(file)).toBe(0);
});

it('when a tool is made reduced and then edited without its class, then it stays reduced in the list', async () => {
  const file = await shopBefore36();
  const store = openSqliteStore(file);
  try {
    const aid = await store.tools.create(buildTool({ name: 'Grab Rail', taxClass: 'reduced' }));
    expect(aid.taxClass).toBe('reduced');
    const edited = await store.tools.update(aid._id, buildTool({ name: 'Grab Rail 2' }));
    expect(edited).toMatchObject({ name: 'Grab Rail 2', taxClass: 'reduced' });
    const zero = await store.tools.update(aid._id, { ...buildTool(), taxClass: 'zero' });
    expect(zero).toMatchObject({ taxClass: 'zero' });
    const listed = (await store.tools.list({ offset: 0, limit: 10 })).items;
    expect(listed.find((t) => t._id === aid._id)?.taxClass).toBe('zero');
    expect(staleRows(file)).toBe(0);
  } finally {
    await store.close();
  }
});

it('when a class outside the list is written, then the database refuses it', async () => {
  const file = await shopBefore36();
  const db = new Database(file);
  try {
    migrate(db, migrations);
    expect(() => db.exec("UPDATE tools SET tax_class = 'luxury'")).toThrow(/CHECK/);
  } finally {
    db.close();
  }
});
