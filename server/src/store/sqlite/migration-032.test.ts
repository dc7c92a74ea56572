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

it('when a shop with orders on invoice and by card is migrated, then each keeps how it is paid under one name', async () => {
  dir = await fs.mkdtemp(path.join(os.tmpdir(), 'toolworks-m032-'));
  const db = new Database(path.join(dir, 'shop.db'));
  db.pragma('foreign_keys = ON');
  migrate(
    db,
    migrations.filter((m) => m.version < 32),
  );
  const insert = db.prepare(`INSERT INTO orders (id, number, status, tool_id, name,
    unit_price_cents, price_cents, quantity, user_name, user_email, user_phone, user_address,
    created_at, on_invoice, is_paid) VALUES (?, ?, ?, 't1', 'Drill', 100, 200, 2, 'B',
    'b@example.com', '1', 'Street 1', '2026-01-01T00:00:00.000Z', ?, ?)`);
  insert.run('terms', 100001, 'confirmed', 1, 0);
  insert.run('terms-paid', 100002, 'shipped', 1, 1);
  insert.run('waiting', 100003, 'awaiting_approval', 1, 0);
  insert.run('card', 100004, 'paid', 0, 1);
  db.prepare(
    `INSERT INTO order_lines (order_id, line_no, tool_id, name, unit_price_cents, quantity,
      line_total_cents) VALUES ('terms', 1, 't1', 'Drill', 100, 2, 200)`,
  ).run();

  expect(migrate(db, migrations)).toContain(32);

  const rows = db.prepare('SELECT id, payment_method, is_paid FROM orders ORDER BY number').all();
  expect(rows).toEqual([
    { id: 'terms', payment_method: 'invoice', is_paid: 0 },
    { id: 'terms-paid', payment_method: 'invoice', is_paid: 1 },
    { id: 'waiting', payment_method: 'invoice', is_paid: 0 },
    { id: 'card', payment_method: 'card', is_paid: 1 },
  ]);
  const columns = db.prepare("SELECT name FROM pragma_table_info('orders')").pluck().all();
  expect(columns).not.toContain('on_invoice');
  expect(db.prepare('SELECT count(*) FROM order_lines').pluck().get()).toBe(1);
  expect(() =>
    db.prepare(`UPDATE orders SET payment_method = 'cash' WHERE id = 'card'`).run(),
  ).toThrow(/CHECK/);
  db.close();
});
