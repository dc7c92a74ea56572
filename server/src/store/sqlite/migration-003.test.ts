import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import Database from 'better-sqlite3';
import { afterEach, expect, it } from 'vitest';
import { migrations } from './migrations/index.js';
import { migrate } from './migrate.js';
import { applyPragmas, openSqliteStore } from './sqlite-store.js';

let dir: string | undefined;
afterEach(async () => {
  if (dir) await fs.rm(dir, { recursive: true, force: true });
});

it('when a shop with one-line orders upgrades, then each order gets its number in creation order, a status, its line and a reservation', async () => {
  dir = await fs.mkdtemp(path.join(os.tmpdir(), 'toolworks-m003-'));
  const file = path.join(dir, 'shop.db');
  const db = new Database(file);
  applyPragmas(db);
  migrate(
    db,
    migrations.filter((m) => m.version < 3),
  );
  const insert = db.prepare(`INSERT INTO orders (id, tool_id, name, unit_price_cents, price_cents,
    quantity, user_name, user_email, user_phone, user_address, is_paid, shipped_at, created_at)
    VALUES (?, 'aaaaaaaaaaaaaaaaaaaaaaaa', 'Old Saw', 250, 2500, 10, 'Old Buyer', 'old@example.com',
    '+1 555 0100', '1 Old Road', ?, ?, ?)`);
  insert.run('b'.repeat(24), 1, '2026-01-03T00:00:00.000Z', '2026-01-02T00:00:00.000Z');
  insert.run('c'.repeat(24), 0, null, '2026-01-01T00:00:00.000Z');
  insert.run('d'.repeat(24), 1, null, '2026-01-04T00:00:00.000Z');
  db.close();

  const store = openSqliteStore(file);
  try {
    expect(store.appliedMigrations).toContain(3);
    const [shipped, unpaid, paid] = await Promise.all(
      ['b', 'c', 'd'].map((c) => store.orders.get(c.repeat(24))),
    );
    expect(unpaid).toMatchObject({
      number: 100001,
      status: 'unpaid',
      expiresAt: '2026-01-01T01:00:00.000Z',
    });
    expect(shipped).toMatchObject({ number: 100002, status: 'shipped', isPaid: true });
    expect(paid).toMatchObject({ number: 100003, status: 'paid' });
    expect(paid?.items).toEqual([
      {
        toolId: 'a'.repeat(24),
        name: 'Old Saw',
        unitPriceCents: 250,
        quantity: 10,
        lineTotalCents: 2500,
      },
    ]);
    // The legacy unpaid hold ended long ago: the first sweep ends it.
    expect((await store.orders.expireDue(new Date().toISOString())).map((o) => o._id)).toEqual([
      'c'.repeat(24),
    ]);
  } finally {
    await store.close();
  }
});
