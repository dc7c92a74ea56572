import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import Database from 'better-sqlite3';
import { afterEach } from 'vitest';
import { migrate } from '../store/sqlite/migrate.js';
import { migrations } from '../store/sqlite/migrations/index.js';
import { TOOL_COLUMNS } from '../store/sqlite/tool-list-sql.js';

/** A tool row as a shop before the later migrations held it (id `aaa...1`, SKU `OLD-1`). */
export const OLD_TOOL_SQL = `INSERT INTO tools (id, sku, name, name_folded, img, price_cents,
  description, available_quantity, minimum_order_quantity, category, specs, price_tiers,
  created_at, updated_at) VALUES ('aaaaaaaaaaaaaaaaaaaaaaa1', 'OLD-1', 'Old Drill', 'old drill',
  '/images/tools/x.svg', 1999, 'Two-speed', 50, 5, 'power-tools', '[]', '[]',
  '2025-01-01T00:00:00.000Z', '2025-01-01T00:00:00.000Z');`;

/**
 * For a migration's test file: `shopBefore(version, sql)` makes a database file migrated up to
 * just before `version` and holding what `sql` inserts; the files go after each test.
 */
export function useShopsBefore() {
  let dir: string | undefined;
  afterEach(async () => {
    if (dir) await fs.rm(dir, { recursive: true, force: true });
    dir = undefined;
  });
  return async function shopBefore(version: number, sql: string): Promise<string> {
    dir = await fs.mkdtemp(path.join(os.tmpdir(), `toolworks-m${version}-`));
    const file = path.join(dir, 'shop.db');
    const db = new Database(file);
    db.pragma('foreign_keys = ON');
    migrate(
      db,
      migrations.filter((m) => m.version < version),
    );
    db.exec(sql);
    db.close();
    return file;
  };
}

/** The tools whose kept listing JSON is not what their columns make now. */
export function staleListRows(file: string): number {
  const db = new Database(file, { readonly: true });
  try {
    return db
      .prepare(`SELECT count(*) FROM tools t WHERE t.list_json IS NOT json_array(${TOOL_COLUMNS})`)
      .pluck()
      .get() as number;
  } finally {
    db.close();
  }
}
