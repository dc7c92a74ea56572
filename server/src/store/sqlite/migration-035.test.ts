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

it('when a shop with orders from before price lists is migrated, then their lines read as before, with no price list', async () => {
  dir = await fs.mkdtemp(path.join(os.tmpdir(), 'toolworks-m035-'));
  const file = path.join(dir, 'shop.db');
  const db = new Database(file);
  db.pragma('foreign_keys = ON');
  migrate(
    db,
    migrations.filter((m) => m.version < 35),
  );
  db.exec(`INSERT INTO orders (id, number, status, tool_id, name, unit_price_cents, price_cents,
    quantity, user_name, user_email, user_phone, user_address, created_at)
    VALUES ('bbbbbbbbbbbbbbbbbbbbbbb1', 100001, 'unpaid', 'aaaaaaaaaaaaaaaaaaaaaaa1', 'Drill',
    1240, 2480, 2, 'B', 'b@example.com', '1', 'Street 1', '2026-01-01T00:00:00.000Z');
    INSERT INTO order_lines (order_id, line_no, tool_id, name, sku, unit_price_cents, quantity,
    line_total_cents) VALUES ('bbbbbbbbbbbbbbbbbbbbbbb1', 1, 'aaaaaaaaaaaaaaaaaaaaaaa1', 'Drill',
    'DR-1', 1240, 2, 2480);`);
  expect(migrate(db, migrations)).toContain(35);
  db.close();

  const store = openSqliteStore(file);
  try {
    const order = await store.orders.get('bbbbbbbbbbbbbbbbbbbbbbb1');
    expect(order?.items).toEqual([
      {
        toolId: 'aaaaaaaaaaaaaaaaaaaaaaa1',
        name: 'Drill',
        sku: 'DR-1',
        unitPriceCents: 1240,
        quantity: 2,
        lineTotalCents: 2480,
      },
    ]);
  } finally {
    await store.close();
  }
});
