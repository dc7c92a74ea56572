import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import Database from 'better-sqlite3';
import { afterEach, expect, it } from 'vitest';
import { migrate } from './migrate.js';
import { migrations } from './migrations/index.js';
import { openSqliteStore } from './sqlite-store.js';
import { buildOrderInput } from '../../test/factories.js';

let dir: string | undefined;
afterEach(async () => {
  if (dir) await fs.rm(dir, { recursive: true, force: true });
});

it('when a catalogue from before backorders is migrated, then its tools have none and orders of them still cancel exactly', async () => {
  dir = await fs.mkdtemp(path.join(os.tmpdir(), 'toolworks-m022-'));
  const file = path.join(dir, 'shop.db');
  const db = new Database(file);
  migrate(
    db,
    migrations.filter((m) => m.version < 22),
  );
  db.prepare(
    `INSERT INTO tools (id, sku, name, name_folded, img, price_cents, description,
    available_quantity, minimum_order_quantity, category, created_at, updated_at)
    VALUES ('aaaaaaaaaaaaaaaaaaaaaaa1', 'OLD-1', 'Drill', 'drill', '/images/tools/x.svg', 100, '',
    50, 1, 'other', '2025-01-01', '2025-01-01')`,
  ).run();
  db.close();

  const store = openSqliteStore(file);
  try {
    const tool = await store.tools.get('aaaaaaaaaaaaaaaaaaaaaaa1');
    expect(tool).toMatchObject({ leadTimeDays: null, allowBackorders: false, incomingStock: [] });
    const refused = await store.orders.place(
      buildOrderInput('aaaaaaaaaaaaaaaaaaaaaaa1', { quantity: 51 }),
    );
    expect(refused).toMatchObject({ ok: false, reason: 'OUT_OF_STOCK' });
    const placed = await store.orders.place(
      buildOrderInput('aaaaaaaaaaaaaaaaaaaaaaa1', { quantity: 50 }),
    );
    if (!placed.ok) throw new Error('expected an order');
    expect(placed.order.items[0]?.allocations).toBeUndefined();
    expect(await store.orders.cancelUnpaid(placed.order._id)).toBe('CANCELLED');
    expect((await store.tools.get('aaaaaaaaaaaaaaaaaaaaaaa1'))?.availableQuantity).toBe(50);
  } finally {
    await store.close();
  }
});
