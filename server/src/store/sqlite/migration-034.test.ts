import Database from 'better-sqlite3';
import { expect, it } from 'vitest';
import { migrate } from './migrate.js';
import { migrations } from './migrations/index.js';
import { openSqliteStore } from './sqlite-store.js';
import { OLD_TOOL_SQL, staleListRows, useShopsBefore } from '../../test/sqlite-migration-shop.js';
import { buildOrderInput, buildTool } from '../../test/factories.js';

// Migration 034 (issue 50): each tool's unit, pack, order multiple and price basis; order lines
// keep the unit and the basis they were placed at.

const shopBefore = useShopsBefore();
const shopBefore34 = () =>
  shopBefore(
    34,
    `${OLD_TOOL_SQL}
    INSERT INTO orders (id, number, status, tool_id, name, unit_price_cents, price_cents,
    quantity, user_name, user_email, user_phone, user_address, created_at)
    VALUES ('bbbbbbbbbbbbbbbbbbbbbbb1', 100001, 'unpaid', 'aaaaaaaaaaaaaaaaaaaaaaa1', 'Old Drill',
    1999, 3998, 2, 'B', 'b@example.com', '1', 'Street 1', '2026-01-01T00:00:00.000Z');
    INSERT INTO order_lines (order_id, line_no, tool_id, name, sku, unit_price_cents, quantity,
    line_total_cents) VALUES ('bbbbbbbbbbbbbbbbbbbbbbb1', 1, 'aaaaaaaaaaaaaaaaaaaaaaa1',
    'Old Drill', 'OLD-1', 1999, 2, 3998);`,
  );
const staleRows = staleListRows;

it('when a shop from before packs is migrated, then its tools are sold by the piece and its order lines read as before', async () => {
  const file = await shopBefore34();
  const store = openSqliteStore(file);
  try {
    expect(store.appliedMigrations).toContain(34);
    const [listed] = (await store.tools.list({ offset: 0, limit: 10 })).items;
    expect(listed).toMatchObject({
      sku: 'OLD-1',
      unit: 'C62',
      packSize: 1,
      orderMultiple: 1,
      priceBasis: 1,
    });
    expect(listed).toEqual(await store.tools.get('aaaaaaaaaaaaaaaaaaaaaaa1'));
    const order = await store.orders.get('bbbbbbbbbbbbbbbbbbbbbbb1');
    expect(order?.items).toEqual([
      {
        toolId: 'aaaaaaaaaaaaaaaaaaaaaaa1',
        name: 'Old Drill',
        sku: 'OLD-1',
        unitPriceCents: 1999,
        quantity: 2,
        lineTotalCents: 3998,
      },
    ]);
  } finally {
    await store.close();
  }
  expect(staleRows(file)).toBe(0);
});

it('when a tool is sold in packs of 100 priced per 100, then the store keeps it and its order line keeps the unit and the basis', async () => {
  const file = await shopBefore34();
  const store = openSqliteStore(file);
  try {
    const rivets = await store.tools.create(
      buildTool({
        name: 'Blind Rivets',
        priceCents: 1890,
        availableQuantity: 10_000,
        minimumOrderQuantity: 100,
        unit: 'C62',
        packSize: 100,
        priceBasis: 100,
      }),
    );
    expect(rivets).toMatchObject({ packSize: 100, orderMultiple: 1, priceBasis: 100 });
    const cable = await store.tools.update(rivets._id, {
      ...buildTool({
        name: 'Cable',
        priceCents: 250,
        availableQuantity: 500,
        minimumOrderQuantity: 6,
      }),
      unit: 'MTR',
      orderMultiple: 6,
    });
    // An update keeps what it leaves out.
    expect(cable).toMatchObject({ unit: 'MTR', packSize: 100, orderMultiple: 6, priceBasis: 100 });
    const back = await store.tools.update(rivets._id, {
      ...buildTool({
        name: 'Blind Rivets',
        priceCents: 1890,
        availableQuantity: 10_000,
        minimumOrderQuantity: 100,
      }),
      unit: 'C62',
      orderMultiple: 1,
    });
    expect(back).toMatchObject({ unit: 'C62', packSize: 100, orderMultiple: 1 });
    expect(staleRows(file)).toBe(0);

    const placed = await store.orders.place(buildOrderInput(rivets._id, { quantity: 300 }));
    if (!placed.ok) throw new Error(`expected an order, got ${placed.reason}`);
    expect(placed.order.items[0]).toMatchObject({
      quantity: 300,
      unitPriceCents: 1890,
      priceBasis: 100,
      lineTotalCents: 5670,
    });
    expect(await store.orders.get(placed.order._id)).toEqual(placed.order);
    const offStep = await store.orders.place(buildOrderInput(rivets._id, { quantity: 150 }));
    expect(offStep).toMatchObject({ ok: false, reason: 'QUANTITY_NOT_MULTIPLE' });
  } finally {
    await store.close();
  }
});

it('when a unit outside the list or a pack of 0 is written, then the database refuses it', async () => {
  const file = await shopBefore34();
  const db = new Database(file);
  try {
    migrate(db, migrations);
    const set = (sql: string) => () => db.exec(`UPDATE tools SET ${sql}`);
    expect(set("unit = 'BOX'")).toThrow(/CHECK/);
    expect(set('pack_size = 0')).toThrow(/CHECK/);
    expect(set('order_multiple = 0')).toThrow(/CHECK/);
    expect(set('price_basis = 0')).toThrow(/CHECK/);
  } finally {
    db.close();
  }
});
