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

it('when a shop with a shipped order is migrated, then it has one shipment of every line and partly_shipped is allowed', async () => {
  dir = await fs.mkdtemp(path.join(os.tmpdir(), 'toolworks-m042-'));
  const db = new Database(path.join(dir, 'shop.db'));
  db.pragma('foreign_keys = ON');
  migrate(
    db,
    migrations.filter((m) => m.version < 42),
  );
  const order = (id: string, number: number, status: string, shipped: string | null) =>
    db
      .prepare(
        `INSERT INTO orders (id, number, status, tool_id, name, unit_price_cents, price_cents,
        quantity, user_name, user_email, user_phone, user_address, created_at, shipped_at,
        carrier, tracking_number) VALUES (?, ?, ?, 't1', 'Drill', 100, 500, 5, 'B',
        'b@example.com', '1', 'Street 1', '2026-01-01', ?, 'UPS', '1Z1')`,
      )
      .run(id, number, status, shipped);
  order('a'.repeat(24), 100001, 'shipped', '2026-01-02T10:00:00.000Z');
  order('b'.repeat(24), 100002, 'paid', null);
  const line = db.prepare(`INSERT INTO order_lines (order_id, line_no, tool_id, name,
    unit_price_cents, quantity, line_total_cents) VALUES (?, ?, ?, 'Drill', 100, ?, ?)`);
  line.run('a'.repeat(24), 1, 't1', 2, 200);
  line.run('a'.repeat(24), 2, 't2', 3, 300);
  line.run('b'.repeat(24), 1, 't1', 5, 500);
  expect(() => db.exec("UPDATE orders SET status = 'partly_shipped'")).toThrow(/CHECK/);

  expect(
    migrate(
      db,
      migrations.filter((m) => m.version <= 42),
    ),
  ).toEqual([42]);
  const rows = db.prepare('SELECT * FROM shipments').all() as Record<string, unknown>[];
  expect(rows).toHaveLength(1);
  expect(rows[0]).toMatchObject({
    order_id: 'a'.repeat(24),
    carrier: 'UPS',
    tracking_number: '1Z1',
    shipped_at: '2026-01-02T10:00:00.000Z',
    delivered_at: null,
  });
  expect(String(rows[0]?.id)).toMatch(/^[0-9a-f]{24}$/);
  expect(JSON.parse(String(rows[0]?.lines))).toEqual([
    { toolId: 't1', quantity: 2 },
    { toolId: 't2', quantity: 3 },
  ]);
  db.prepare(`UPDATE orders SET status = 'partly_shipped' WHERE id = ?`).run('b'.repeat(24));
  expect(() => db.exec("UPDATE orders SET status = 'lost'")).toThrow(/CHECK/);
  expect(db.pragma('integrity_check', { simple: true })).toBe('ok');
  db.close();
});
