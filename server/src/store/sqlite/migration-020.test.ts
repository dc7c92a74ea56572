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

it('when orders from before net terms are migrated, then every order keeps its lines and the new statuses are allowed', async () => {
  dir = await fs.mkdtemp(path.join(os.tmpdir(), 'toolworks-m020-'));
  const file = path.join(dir, 'shop.db');
  const db = new Database(file);
  db.pragma('foreign_keys = ON');
  migrate(
    db,
    migrations.filter((m) => m.version < 20),
  );
  const id = 'aaaaaaaaaaaaaaaaaaaaaaa1';
  db.prepare(
    `INSERT INTO orders (id, number, status, tool_id, name, unit_price_cents, price_cents,
    quantity, user_name, user_email, user_phone, user_address, is_paid, transaction_id, paid_at,
    created_at) VALUES (?, 100001, 'paid', 'bbbbbbbbbbbbbbbbbbbbbbb1', 'Drill', 2500, 5500, 3,
    'Ann', 'ann@example.com', '+1 555 0100', '1 Main St', 1, 'pi_1', '2026-01-02', '2026-01-01')`,
  ).run(id);
  const line = db.prepare(`INSERT INTO order_lines (order_id, line_no, tool_id, name,
    unit_price_cents, quantity, line_total_cents, sku) VALUES (?, ?, ?, ?, ?, ?, ?, ?)`);
  line.run(id, 1, 'bbbbbbbbbbbbbbbbbbbbbbb1', 'Drill', 2500, 2, 5000, 'POW-1');
  line.run(id, 2, 'bbbbbbbbbbbbbbbbbbbbbbb2', 'Bit', 500, 1, 500, 'POW-2');
  db.close();

  const store = openSqliteStore(file);
  try {
    const order = await store.orders.get(id);
    expect(order).toMatchObject({ status: 'paid', isPaid: true, transactionId: 'pi_1' });
    expect(order?.paymentMethod).toBe('card');
    expect(order?.items.map((l) => [l.name, l.quantity, l.lineTotalCents])).toEqual([
      ['Drill', 2, 5000],
      ['Bit', 1, 500],
    ]);
  } finally {
    await store.close();
  }
  const after = new Database(file);
  try {
    expect(after.pragma('foreign_key_check')).toEqual([]);
    after.prepare("UPDATE orders SET status = 'confirmed' WHERE id = ?").run(id);
    expect(() => after.prepare("UPDATE orders SET status = 'lost' WHERE id = ?").run(id)).toThrow(
      /CHECK/,
    );
    // The lines still belong to their order: deleting it takes them along, as before.
    after.pragma('foreign_keys = ON');
    after.prepare('DELETE FROM orders WHERE id = ?').run(id);
    expect(after.prepare('SELECT count(*) FROM order_lines').pluck().get()).toBe(0);
  } finally {
    after.close();
  }
});
