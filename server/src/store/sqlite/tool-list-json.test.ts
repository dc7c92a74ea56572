import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import Database from 'better-sqlite3';
import { afterEach, expect, it } from 'vitest';
import { migrate } from './migrate.js';
import { migrations } from './migrations/index.js';
import { openSqliteStore, type SqliteStore } from './sqlite-store.js';
import { staleListRows } from '../../test/sqlite-migration-shop.js';
import { buildOrderInput, buildReview, buildTool } from '../../test/factories.js';
import type { ToolRecord } from '../store.js';

// Migration 025: tools.list_json, kept by triggers, is what a catalogue page reads for each tool.

let dir: string | undefined;
afterEach(async () => {
  if (dir) await fs.rm(dir, { recursive: true, force: true });
});

async function tempFile(): Promise<string> {
  dir = await fs.mkdtemp(path.join(os.tmpdir(), 'toolworks-m025-'));
  return path.join(dir, 'shop.db');
}

const staleRows = staleListRows;

/** Every tool as a page lists it equals the tool as read by id. */
async function expectListedAsStored(store: SqliteStore): Promise<void> {
  const page = await store.tools.list({ offset: 0, limit: 100 });
  expect(page.items.length).toBeGreaterThan(0);
  for (const listed of page.items) expect(listed).toEqual(await store.tools.get(listed._id));
}

it('when a catalogue from before migration 025 is opened, then its tools are listed with every value', async () => {
  const file = await tempFile();
  const db = new Database(file);
  migrate(
    db,
    migrations.filter((m) => m.version < 25),
  );
  db.prepare(
    `INSERT INTO tools (id, sku, name, name_folded, img, price_cents, description,
    available_quantity, minimum_order_quantity, category, specs, price_tiers, created_at,
    updated_at) VALUES ('aaaaaaaaaaaaaaaaaaaaaaa1', 'OLD-1', 'Drill "Pro" é', 'drill "pro" é',
    '/images/tools/x.svg', 1999, 'Two-speed', 50, 5, 'power-tools',
    '[{"name":"Torque","value":"60 Nm"}]', '[{"minQuantity":50,"priceCents":1799}]',
    '2025-01-01T00:00:00.000Z', '2025-01-01T00:00:00.000Z')`,
  ).run();
  db.close();

  const store = openSqliteStore(file);
  try {
    expect(store.appliedMigrations).toContain(25);
    const [listed] = (await store.tools.list({ offset: 0, limit: 10 })).items;
    expect(listed).toMatchObject({
      name: 'Drill "Pro" é',
      priceCents: 1999,
      availableQuantity: 50,
      specs: [{ name: 'Torque', value: '60 Nm' }],
      priceTiers: [{ minQuantity: 50, priceCents: 1799 }],
    });
    await expectListedAsStored(store);
  } finally {
    await store.close();
  }
  expect(staleRows(file)).toBe(0);
});

it('when tools are created, edited, ordered, reviewed and given photos, then each list shows them as they are stored', async () => {
  const file = await tempFile();
  const store = openSqliteStore(file);
  try {
    const drill = await store.tools.create(
      buildTool({
        name: 'Kept Drill',
        availableQuantity: 30,
        minimumOrderQuantity: 1,
        specs: [{ name: 'Chuck', value: '13 mm' }],
        datasheetUrl: 'https://example.com/drill.pdf',
      }),
    );
    await store.tools.insertMany([
      buildTool({ name: 'Kept Saw' }),
      buildTool({ name: 'Kept Vise' }),
    ]);
    expect(staleRows(file)).toBe(0);

    await store.tools.update(drill._id, {
      ...buildTool({ name: 'Kept Drill Mk II', availableQuantity: 30, minimumOrderQuantity: 1 }),
      priceTiers: [{ minQuantity: 10, priceCents: 900 }],
      leadTimeDays: 5,
      allowBackorders: true,
    });
    const placed = await store.orders.place(buildOrderInput(drill._id, { quantity: 7 }));
    if (!placed.ok) throw new Error('expected an order');
    expect(
      (await store.tools.list({ offset: 0, limit: 10, search: 'Mk II' })).items[0],
    ).toMatchObject({
      name: 'Kept Drill Mk II',
      availableQuantity: 23,
      allowBackorders: true,
      leadTimeDays: 5,
    });
    const paid = await store.orders.place(buildOrderInput(drill._id, { quantity: 2 }));
    if (!paid.ok) throw new Error('expected an order');
    expect(await store.orders.markPaid(paid.order._id, 'pi_kept')).toMatchObject({
      outcome: 'PAID',
    });
    await store.reviews.create(
      buildReview({ toolId: drill._id, verified: true, authorEmail: paid.order.userEmail }),
    );
    await store.tools.addImage(
      drill._id,
      {
        _id: 'bbbbbbbbbbbbbbbbbbbbbbb1',
        width: 800,
        height: 600,
        variants: [{ width: 400, url: '/images/a-400.webp', key: 'a-400.webp' }],
      },
      8,
    );
    expect(await store.orders.cancelUnpaid(placed.order._id)).toBe('CANCELLED');

    expect(staleRows(file)).toBe(0);
    await expectListedAsStored(store);
    const [listed] = (await store.tools.list({ offset: 0, limit: 10, search: 'Mk II' })).items;
    expect(listed?.availableQuantity).toBe(28);
    expect(listed?.ratingCount).toBe(1);
    expect(listed?.images).toHaveLength(1);
  } finally {
    await store.close();
  }
});

it('when a listed tool changes, then the next page serialises it again, and only it', async () => {
  const file = await tempFile();
  const store = openSqliteStore(file);
  try {
    await store.tools.insertMany([
      buildTool({ name: 'Memo Saw', availableQuantity: 40, minimumOrderQuantity: 1 }),
      buildTool({ name: 'Memo Vise', availableQuantity: 40, minimumOrderQuantity: 1 }),
      buildTool({ name: 'Memo Drill', availableQuantity: 40, minimumOrderQuantity: 1 }),
    ]);
    const serialised: string[] = [];
    const serialize = (tool: ToolRecord) => {
      serialised.push(tool.name);
      return JSON.stringify({ name: tool.name, stock: tool.availableQuantity });
    };
    const page = (withTotal: boolean) =>
      store.tools.listSerialized({ offset: 0, limit: 10, sort: 'name', withTotal }, serialize);

    const first = await page(true);
    expect(first.total).toBe(3);
    expect(serialised).toHaveLength(3);
    expect((await page(false)).items).toEqual(first.items);
    expect(serialised).toHaveLength(3);

    const drill = (await store.tools.list({ offset: 0, limit: 10, search: 'Memo Drill' })).items[0];
    if (!drill) throw new Error('expected the drill');
    const placed = await store.orders.place(buildOrderInput(drill._id, { quantity: 6 }));
    if (!placed.ok) throw new Error('expected an order');
    const afterOrder = await page(false);
    expect(serialised.slice(3)).toEqual(['Memo Drill']);
    expect(afterOrder.items[0]).toBe(JSON.stringify({ name: 'Memo Drill', stock: 34 }));
    expect(afterOrder.items.slice(1)).toEqual(first.items.slice(1));

    await store.tools.update(drill._id, {
      ...buildTool({ name: 'Memo Drill', availableQuantity: 34, minimumOrderQuantity: 1 }),
      priceCents: 4321,
    });
    await page(false);
    expect(serialised.slice(4)).toEqual(['Memo Drill']);
  } finally {
    await store.close();
  }
});
