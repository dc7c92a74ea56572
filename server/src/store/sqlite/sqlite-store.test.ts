import fsSync from 'node:fs';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import Database from 'better-sqlite3';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { buildOrderInput, buildTool } from '../../test/factories.js';
import { migrations } from './migrations/index.js';
import { migrate } from './migrate.js';
import { applyPragmas, openSqliteStore } from './sqlite-store.js';
import { TOOL_SEARCH_SQL } from './tools-repo.js';

let dir: string;
let file: string;
beforeEach(async () => {
  dir = await fs.mkdtemp(path.join(os.tmpdir(), 'toolworks-sqlite-'));
  file = path.join(dir, 'nested', 'shop.db');
});
afterEach(async () => {
  await fs.rm(dir, { recursive: true, force: true });
});

const withConnection = <T>(run: (db: Database.Database) => T): T => {
  fsSync.mkdirSync(path.dirname(file), { recursive: true });
  const db = new Database(file);
  try {
    return run(db);
  } finally {
    db.close();
  }
};

describe('the SQLite file', () => {
  it('when the file is reopened, then the data is kept and the migrations are not re-run', async () => {
    const first = openSqliteStore(file);
    expect(first.appliedMigrations).toEqual(migrations.map((m) => m.version));
    const tool = await first.tools.create(buildTool({ name: 'Kept Wrench' }));
    await first.close();

    const second = openSqliteStore(file);
    expect(second.appliedMigrations).toEqual([]);
    expect(await second.tools.get(tool._id)).toEqual(tool);
    expect((await second.tools.list({ search: 'kept', offset: 0, limit: 5 })).total).toBe(1);
    await second.close();
    await second.close();

    withConnection((db) => {
      expect(db.prepare('SELECT count(*) FROM schema_migrations').pluck().get()).toBe(
        migrations.length,
      );
      expect(db.pragma('user_version', { simple: true })).toBe(migrations.at(-1)?.version);
      expect(db.pragma('journal_mode', { simple: true })).toBe('wal');
    });
  });

  it('when a migration fails, then nothing of it is applied and the next open retries it', () => {
    const broken = {
      version: 99,
      name: 'broken',
      sql: 'CREATE TABLE half_done (a); SELECT * FROM missing;',
    };
    withConnection((db) => {
      expect(() => migrate(db, [...migrations, broken])).toThrow(/missing/);
      const tables = db
        .prepare("SELECT name FROM sqlite_master WHERE type = 'table'")
        .pluck()
        .all();
      expect(tables).toContain('tools');
      expect(tables).not.toContain('half_done');
      expect(db.prepare('SELECT max(version) FROM schema_migrations').pluck().get()).toBe(
        Math.max(...migrations.map((m) => m.version)),
      );
      expect(migrate(db, migrations)).toEqual([]);
    });
  });

  it('when a connection is configured, then WAL, full sync, foreign keys and a busy timeout are on', () => {
    withConnection((db) => {
      applyPragmas(db);
      expect(db.pragma('journal_mode', { simple: true })).toBe('wal');
      expect(db.pragma('synchronous', { simple: true })).toBe(2);
      expect(db.pragma('foreign_keys', { simple: true })).toBe(1);
      expect(db.pragma('busy_timeout', { simple: true })).toBe(5000);
    });
  });

  it('when searching with 3+ characters, then the query uses the trigram index, not a scan', async () => {
    await openSqliteStore(file).close();
    withConnection((db) => {
      const plan = (sql: string, ...params: unknown[]) =>
        (db.prepare(`EXPLAIN QUERY PLAN ${sql}`).all(...params) as { detail: string }[])
          .map((step) => step.detail)
          .join('\n');
      const list = plan(TOOL_SEARCH_SQL.listFts, ...TOOL_SEARCH_SQL.params, 10, 0);
      expect(list).toMatch(/SCAN f VIRTUAL TABLE INDEX/);
      expect(list).toMatch(/SEARCH t USING INTEGER PRIMARY KEY/);
      // Pages come in index order: no sort of every match before the LIMIT.
      expect(list).not.toMatch(/TEMP B-TREE/);
      expect(plan(TOOL_SEARCH_SQL.countFts, ...TOOL_SEARCH_SQL.params)).toMatch(
        /VIRTUAL TABLE INDEX/,
      );
    });
  });

  it('when an order counts the buyer’s live unpaid orders, then only that buyer’s index entries are read', async () => {
    await openSqliteStore(file).close();
    withConnection((db) => {
      const plan = db
        .prepare(
          `EXPLAIN QUERY PLAN SELECT count(*) FROM orders
          WHERE user_email = ? AND status = 'unpaid' AND expires_at > ?`,
        )
        .all('a@example.com', '2026-01-01') as { detail: string }[];
      expect(plan.map((step) => step.detail).join('\n')).toMatch(
        /orders_user_unpaid \(user_email=\? AND status=\? AND expires_at>\?\)/,
      );
    });
  });

  it('when orders, a cancel and a payment arrive together, then they share one commit and all stay after reopening', async () => {
    const batches: number[] = [];
    const store = openSqliteStore(file, { onCommit: (size) => batches.push(size) });
    const tool = await store.tools.create(
      buildTool({ availableQuantity: 100, minimumOrderQuantity: 1 }),
    );
    const first = await store.orders.place(buildOrderInput(tool._id, { quantity: 10 }));
    const paidFirst = await store.orders.place(buildOrderInput(tool._id, { quantity: 10 }));
    if (!first.ok || !paidFirst.ok) throw new Error('expected orders');
    batches.length = 0;
    const results = await Promise.all([
      ...Array.from({ length: 20 }, () =>
        store.orders.place(buildOrderInput(tool._id, { quantity: 3 })),
      ),
      store.orders.cancelUnpaid(first.order._id),
      store.orders.markPaid(paidFirst.order._id, 'pi_batched'),
    ]);
    expect(batches).toEqual([22]);
    expect(results.slice(20)).toEqual(['CANCELLED', expect.objectContaining({ outcome: 'PAID' })]);
    await store.close();

    const reopened = openSqliteStore(file);
    expect((await reopened.tools.get(tool._id))?.availableQuantity).toBe(100 - 10 - 60);
    expect((await reopened.orders.list({ status: 'unpaid', offset: 0, limit: 50 })).total).toBe(20);
    await reopened.close();
  });
});

describe('rate-limit counts', () => {
  it('when the flush of the orders is still running, then a count is answered at once and kept', async () => {
    const held: (() => void)[] = [];
    const store = openSqliteStore(file, {
      durable: {
        flush: () => new Promise<void>((resolve) => held.push(resolve)),
        flushSync: () => undefined,
      },
    });
    try {
      const tool = await store.tools.create(buildTool({ availableQuantity: 100 }));
      let placed = false;
      const order = store.orders
        .place(buildOrderInput(tool._id, { quantity: 10 }))
        .then(() => (placed = true));
      await new Promise((resolve) => setImmediate(resolve));
      // The order's batch has committed and waits for its flush; a count does not wait with it,
      // so an order is not held up by two flushes (its count's, then its own).
      const count = await store.rateLimits.hit('orders:1/60000:203.0.113.7', 60_000, Date.now());
      expect([count.count, placed, held.length]).toEqual([1, false, 1]);
      expect((await store.rateLimits.get('orders:1/60000:203.0.113.7', Date.now()))?.count).toBe(1);
      held[0]!();
      await order;
      expect(placed).toBe(true);
    } finally {
      for (const release of held) release();
      await store.close();
    }
  });

  it('when many requests are counted in the same moment, then each gets its own count', async () => {
    const store = openSqliteStore(file);
    try {
      const now = Date.now();
      const counts = await Promise.all([
        ...Array.from({ length: 5 }, () => store.rateLimits.hit('orders:9/60000:a', 60_000, now)),
        store.rateLimits.hit('orders:9/60000:b', 60_000, now),
      ]);
      expect(counts.map((c) => c.count)).toEqual([1, 2, 3, 4, 5, 1]);
      expect(counts.every((c) => c.resetAt === now + 60_000)).toBe(true);
      expect((await store.rateLimits.get('orders:9/60000:a', now))?.count).toBe(5);
    } finally {
      await store.close();
    }
  });
});
