import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import Database from 'better-sqlite3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { KEPT_STATUSES } from '../../domain/order-status.js';
import type { ToolListQuery, ToolSortKey } from '../store.js';
import { sqlStatuses } from './order-rows.js';
import { openSqliteStore } from './sqlite-store.js';
import { categoryCountSql, toolListSql } from './tool-list-sql.js';

/**
 * Every shape of catalogue query (category, in stock, price range, each sort; no search) must
 * read through an index in the order it answers: no scan of the table and no sort of every match
 * before the LIMIT. The one exception is a price range with a sort that is not by price: one
 * index cannot serve a range on one column and an order on another, so those matches are sorted.
 * With a search the FTS index drives and only its matches are sorted (checked in
 * sqlite-store.test.ts).
 */
let dir: string;
let db: Database.Database;
beforeAll(async () => {
  dir = await fs.mkdtemp(path.join(os.tmpdir(), 'toolworks-plans-'));
  const file = path.join(dir, 'shop.db');
  await openSqliteStore(file).close();
  db = new Database(file, { readonly: true });
});
afterAll(async () => {
  db.close();
  await fs.rm(dir, { recursive: true, force: true });
});

const plan = (sql: string, params: unknown[]) =>
  (db.prepare(`EXPLAIN QUERY PLAN ${sql}`).all(...params) as { detail: string }[])
    .map((step) => step.detail)
    .join('\n');

type Shape = Omit<ToolListQuery, 'offset' | 'limit'>;
const SORTS: ToolSortKey[] = ['newest', 'price_asc', 'price_desc', 'name'];
const shapes: Shape[] = SORTS.flatMap((sort) =>
  [undefined, 'power-tools'].flatMap((category) =>
    [false, true].flatMap((inStock) =>
      [false, true].map((priced) => ({
        sort,
        category,
        inStock,
        ...(priced ? { minPriceCents: 1000, maxPriceCents: 5000 } : {}),
      })),
    ),
  ),
);
const label = (shape: Shape) => JSON.stringify(shape);
const filtered = (shape: Shape) =>
  shape.category !== undefined || shape.inStock || shape.minPriceCents !== undefined;

describe('catalogue query plans', () => {
  it.each(shapes.map((shape) => [label(shape), shape] as const))(
    'when the list is %s, then it reads an index in order',
    (_label, shape) => {
      const sql = toolListSql(shape);
      const list = plan(sql.list, [...sql.params, 24, 0]);
      // A bare "SCAN t" walks the table; newest-first unfiltered is the rowid order itself.
      if (filtered(shape) || shape.sort !== 'newest') expect(list).not.toMatch(/SCAN t$/m);
      const priceSorted = shape.sort === 'price_asc' || shape.sort === 'price_desc';
      if (shape.minPriceCents === undefined || priceSorted) expect(list).not.toMatch(/TEMP B-TREE/);
      if (filtered(shape)) expect(plan(sql.count, sql.params)).toMatch(/SEARCH t.* USING/);
    },
  );

  it('when the bench page is asked (category + in stock + price range by price), then one index serves every condition', () => {
    const sql = toolListSql({
      category: 'power-tools',
      inStock: true,
      minPriceCents: 1000,
      maxPriceCents: 5000,
      sort: 'price_asc',
    });
    expect(plan(sql.list, [...sql.params, 24, 0])).toMatch(
      /SEARCH t USING INDEX tools_category_in_stock_price \(category=\? AND in_stock=\? AND price_cents>\? AND price_cents<\?\)/,
    );
  });

  it('when the category counts are asked, then no table scan', () => {
    for (const filter of [{}, { inStock: true }, { minPriceCents: 1, maxPriceCents: 9 }]) {
      const { sql, params } = categoryCountSql(filter);
      expect(plan(sql, params)).not.toMatch(/SCAN t$/m);
    }
  });
});

/**
 * The orders' queries, after migration 012 dropped four indexes to make placing an order write
 * fewer pages: each still reads through an index, never a scan of every order. (The SQL is the
 * repositories' own: orders-repo.ts, reviews-repo.ts and stats-repo.ts.)
 */
describe('order query plans', () => {
  it('when a buyer may review a tool (a paid order with a line of it), then their orders are found by index', () => {
    const steps = plan(
      `SELECT 1 FROM orders o JOIN order_lines l ON l.order_id = o.id
       WHERE o.user_email = ? AND l.tool_id = ? AND o.status IN ${sqlStatuses(KEPT_STATUSES)}
       LIMIT 1`,
      ['a@example.com', 't1'],
    );

    expect(steps).toMatch(
      /SEARCH o USING INDEX orders_user_unpaid \(user_email=\? AND status=\?\)/,
    );
    expect(steps).not.toMatch(/SCAN/);
  });

  it('when a buyer counts their live unpaid orders, then one covering index answers', () => {
    expect(
      plan(
        `SELECT count(*) FROM orders WHERE user_email = ? AND status = 'unpaid' AND expires_at > ?`,
        ['a@example.com', '2026-01-01'],
      ),
    ).toMatch(/COVERING INDEX orders_user_unpaid/);
  });

  it('when a buyer lists their orders newest first, then their own orders are found by index', () => {
    const steps = plan('SELECT * FROM orders WHERE user_email = ? ORDER BY id DESC', ['a']);

    // Sorted after the search: the list is the buyer's whole history, read in full anyway.
    expect(steps).toMatch(/SEARCH orders USING INDEX orders_user_unpaid \(user_email=\?\)/);
    expect(steps).not.toMatch(/SCAN/);
  });

  it('when the best sellers are counted, then lines are reached through paid orders, not scanned', () => {
    const steps = plan(
      `SELECT l.tool_id, sum(l.quantity) AS quantity FROM order_lines l
       JOIN orders o ON o.id = l.order_id
       WHERE o.status IN ${sqlStatuses(KEPT_STATUSES)} GROUP BY l.tool_id`,
      [],
    );

    expect(steps).toMatch(/SEARCH o USING COVERING INDEX orders_status_id/);
    expect(steps).not.toMatch(/SCAN/);
  });

  it('when migration 012 has run, then the four order indexes it drops are gone', () => {
    const names = db
      .prepare(
        "SELECT name FROM sqlite_master WHERE type = 'index' AND tbl_name IN ('orders', 'order_lines')",
      )
      .pluck()
      .all();

    for (const dropped of [
      'order_lines_tool',
      'orders_user_email',
      'orders_paid_tool',
      'orders_status',
    ])
      expect(names).not.toContain(dropped);
  });
});
