import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import Database from 'better-sqlite3';
import { afterEach, expect, it } from 'vitest';
import { migrate } from './migrate.js';
import { migrations } from './migrations/index.js';

let dir: string | undefined;
afterEach(async () => {
  if (dir) await fs.rm(dir, { recursive: true, force: true });
});

it('when a shop with orders already awaiting approval is migrated, then they get the default window and other orders keep theirs', async () => {
  dir = await fs.mkdtemp(path.join(os.tmpdir(), 'toolworks-m030-'));
  const db = new Database(path.join(dir, 'shop.db'));
  db.pragma('foreign_keys = ON');
  migrate(
    db,
    migrations.filter((m) => m.version < 30),
  );
  const insert = db.prepare(`INSERT INTO orders (id, number, status, tool_id, name,
    unit_price_cents, price_cents, quantity, user_name, user_email, user_phone, user_address,
    created_at, expires_at, company_id) VALUES (?, ?, ?, 't1', 'Drill', 100, 200, 2, 'B',
    'b@example.com', '1', 'Street 1', '2026-01-01T00:00:00.000Z', ?, 'c1')`);
  insert.run('waiting', 100001, 'awaiting_approval', null);
  insert.run('unpaid', 100002, 'unpaid', '2026-01-01T01:00:00.000Z');
  const before = Date.now();
  expect(migrate(db, migrations)).toContain(30);
  const expiresAt = (id: string) =>
    db.prepare('SELECT expires_at FROM orders WHERE id = ?').pluck().get(id) as string;
  const window = Date.parse(expiresAt('waiting')) - before;
  expect(window).toBeGreaterThan(7 * 24 * 3600_000 - 60_000);
  expect(window).toBeLessThan(7 * 24 * 3600_000 + 60_000);
  expect(expiresAt('waiting')).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/);
  expect(expiresAt('unpaid')).toBe('2026-01-01T01:00:00.000Z');
  db.close();
});
