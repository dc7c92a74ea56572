import Database from 'better-sqlite3';
import { expect, it } from 'vitest';
import { migrate } from './migrate.js';
import { migrations } from './migrations/index.js';
import { openSqliteStore } from './sqlite-store.js';
import { OLD_TOOL_SQL, staleListRows, useShopsBefore } from '../../test/sqlite-migration-shop.js';
import { buildTool } from '../../test/factories.js';

// Migration 036 (issue 51): each tool's tax class, `standard` for every tool before it.

const shopBefore = useShopsBefore();
const shopBefore36 = () => shopBefore(36, OLD_TOOL_SQL);
const staleRows = staleListRows;

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
