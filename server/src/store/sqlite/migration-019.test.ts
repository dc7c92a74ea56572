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

it('when a shop with orders is migrated, then the new statuses are allowed, unknown ones still refused, and no line is lost', async () => {
  dir = await fs.mkdtemp(path.join(os.tmpdir(), 'toolworks-m019-'));
  const file = path.join(dir, 'shop.db');
  const before = new Database(file);
  before.pragma('foreign_keys = ON');
  migrate(
    before,
    migrations.filter((m) => m.version < 19),
  );
  before.exec(`INSERT INTO orders (id, number, status, tool_id, name, unit_price_cents,
    price_cents, quantity, user_name, user_email, user_phone, user_address, created_at)
    VALUES ('o1', 100001, 'unpaid', 't1', 'Drill', 100, 200, 2, 'B', 'b@example.com', '1',
    'Street 1', '2026-01-01');
    INSERT INTO order_lines (order_id, line_no, tool_id, name, unit_price_cents, quantity,
    line_total_cents) VALUES ('o1', 1, 't1', 'Drill', 100, 2, 200);`);
  expect(() => before.exec("UPDATE orders SET status = 'rejected'")).toThrow(/CHECK/);
  before.close();

  // A second connection, open across the migration, must see the widened check too.
  const other = new Database(file);
  const db = new Database(file);
  db.pragma('foreign_keys = ON');
  expect(
    migrate(
      db,
      migrations.filter((m) => m.version <= 19),
    ),
  ).toEqual([19]);
  for (const status of ['awaiting_approval', 'rejected', 'confirmed'])
    db.prepare("UPDATE orders SET status = ?, company_id = 'c1' WHERE id = 'o1'").run(status);
  expect(() => db.exec("UPDATE orders SET status = 'lost'")).toThrow(/CHECK/);
  expect(() => other.exec("UPDATE orders SET status = 'unpaid'")).not.toThrow();
  other.prepare("UPDATE orders SET status = 'rejected' WHERE id = 'o1'").run();
  expect(db.prepare('SELECT count(*) FROM order_lines').pluck().get()).toBe(1);
  expect(db.pragma('integrity_check', { simple: true })).toBe('ok');
  expect(db.pragma('foreign_key_check')).toEqual([]);
  other.close();
  db.close();
});
