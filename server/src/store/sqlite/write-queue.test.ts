import { readdirSync, readlinkSync } from 'node:fs';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import Database from 'better-sqlite3';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { applyPragmas } from './sqlite-store.js';
import { refuse } from '../refusal.js';
import { createWriteQueue, QueueClosedError, walFlush, type Flusher } from './write-queue.js';

let dir: string;
let db: Database.Database;
let batches: number[];
beforeEach(async () => {
  dir = await fs.mkdtemp(path.join(os.tmpdir(), 'toolworks-queue-'));
  db = new Database(path.join(dir, 'queue.db'));
  applyPragmas(db);
  db.exec(`CREATE TABLE stock (id TEXT PRIMARY KEY, left INTEGER NOT NULL CHECK (left >= 0));
    CREATE TABLE sale (id INTEGER PRIMARY KEY, stock_id TEXT NOT NULL REFERENCES stock (id));
    INSERT INTO stock VALUES ('hot', 10);`);
  batches = [];
});
afterEach(async () => {
  db.close();
  await fs.rm(dir, { recursive: true, force: true });
});

const queue = (maxBatch?: number) =>
  createWriteQueue(db, {
    ...(maxBatch !== undefined && { maxBatch }),
    onCommit: (size) => batches.push(size),
  });
const left = () => db.prepare("SELECT left FROM stock WHERE id = 'hot'").pluck().get();
const sales = () => db.prepare('SELECT count(*) FROM sale').pluck().get();
/** Takes `n` units and records the sale; the CHECK constraint refuses to go below 0. */
const sell = (n: number) => () => {
  db.prepare("UPDATE stock SET left = left - ? WHERE id = 'hot'").run(n);
  return db.prepare("INSERT INTO sale (stock_id) VALUES ('hot')").run().lastInsertRowid;
};

describe('the write queue (group commit)', () => {
  it('when operations arrive in the same tick, then they commit as one batch and each gets its own answer', async () => {
    const q = queue();
    const answers = await Promise.all([1, 2, 3, 4].map(() => q.run(sell(1))));
    expect(answers).toEqual([1, 2, 3, 4]);
    expect(batches).toEqual([4]);
    expect(left()).toBe(6);
  });

  it('when one operation fails unexpectedly, then only its writes are undone and only it is rejected', async () => {
    const q = queue();
    const results = await Promise.allSettled([
      q.run(sell(2)),
      q.run(() => {
        sell(3)();
        throw new Error('a bug after writing');
      }),
      q.run(sell(20)), // below 0: the CHECK constraint throws inside the statement
      q.run(sell(2)),
    ]);
    expect(results.map((r) => r.status)).toEqual([
      'fulfilled',
      'rejected',
      'rejected',
      'fulfilled',
    ]);
    expect((results[1] as PromiseRejectedResult).reason).toMatchObject({
      message: 'a bug after writing',
    });
    expect(batches).toEqual([4]);
    expect([left(), sales()]).toEqual([6, 2]);
  });

  it('when an operation refuses after writing, then its writes are undone and its answer is the refusal', async () => {
    const q = queue();
    const refused = q.run(() => {
      sell(5)();
      refuse({ ok: false, reason: 'PRICE_CHANGED' });
    });
    const kept = q.run(sell(1));
    expect(await refused).toEqual({ ok: false, reason: 'PRICE_CHANGED' });
    expect(await kept).toBe(1);
    expect([left(), sales()]).toEqual([9, 1]);
  });

  it('when the COMMIT fails, then every operation of the batch is rejected and nothing is kept', async () => {
    const q = queue();
    const results = await Promise.allSettled([
      q.run(sell(1)),
      q.run(() => {
        // Foreign keys checked at COMMIT: a sale of an unknown stock makes the COMMIT itself fail.
        db.pragma('defer_foreign_keys = ON');
        db.prepare("INSERT INTO sale (stock_id) VALUES ('missing')").run();
      }),
      q.run(sell(1)),
    ]);
    expect(results.map((r) => r.status)).toEqual(['rejected', 'rejected', 'rejected']);
    expect(batches).toEqual([]);
    expect(db.inTransaction).toBe(false);
    expect([left(), sales()]).toEqual([10, 0]);
    // The queue keeps working afterwards.
    await q.run(sell(1));
    expect([left(), sales()]).toEqual([9, 1]);
  });

  it('when more operations wait than a batch holds, then they commit in batches of at most that size', async () => {
    const q = queue(3);
    await Promise.all(Array.from({ length: 7 }, () => q.run(sell(1))));
    expect(batches).toEqual([3, 3, 1]);
    expect(left()).toBe(3);
  });

  it('when operations arrive while a batch is committing, then they join the next batch', async () => {
    const q = queue();
    const later: Promise<unknown>[] = [];
    const first = q.run(() => {
      // Queued from inside the running batch, as a request parsed during its fsync would be.
      later.push(q.run(sell(1)), q.run(sell(1)));
      return sell(1)();
    });
    await first;
    await Promise.all(later);
    expect(batches).toEqual([1, 2]);
  });

  it('when the queue is closed, then what waits is committed at once', async () => {
    const q = queue();
    const pending = q.run(sell(4));
    q.close();
    expect(left()).toBe(6);
    await expect(pending).resolves.toBe(1);
  });

  it('when work is queued after close, then it settles with an error and writes nothing', async () => {
    const q = queue();
    q.close();
    await expect(q.run(sell(4))).rejects.toBeInstanceOf(QueueClosedError);
    expect(left()).toBe(10);
    expect(sales()).toBe(0);
  });

  it('when an operation changes more than 64 KiB of pages, then its savepoint journal stays in memory, not in a temporary file', async () => {
    db.exec('CREATE TABLE wide (id INTEGER PRIMARY KEY, body TEXT NOT NULL)');
    const fill = db.prepare('INSERT INTO wide (body) VALUES (?)');
    for (let i = 0; i < 100; i++) fill.run('x'.repeat(2000));
    const ownSetting = db.pragma('temp_store', { simple: true });
    // SQLite's temporary files are unlinked at once but stay open: the process's descriptors show them.
    const tempFiles = () =>
      readdirSync('/proc/self/fd')
        .map((fd) => {
          try {
            return readlinkSync(`/proc/self/fd/${fd}`);
          } catch {
            return '';
          }
        })
        .filter((target) => target.includes('etilqs'));
    const before = tempFiles();
    let during: string[] | undefined;
    await queue().run(() => {
      // About 200 KiB of pages, each journalled by the operation's savepoint.
      db.prepare("UPDATE wide SET body = 'y' || body").run();
      during = tempFiles();
      return null;
    });
    expect(during).toEqual(before);
    expect(db.pragma('temp_store', { simple: true })).toBe(ownSetting);
  });

  it('when an operation returns a promise, then it does not compile', () => {
    const q = queue();
    // @ts-expect-error: the transaction would be over before the awaited work ran.
    const refused = () => q.run(async () => sell(1)());
    expect(typeof refused).toBe('function');
  });
});

/** A flusher the test releases by hand, counting its flushes. */
function heldFlusher() {
  const held: { resolve: () => void; reject: (error: Error) => void }[] = [];
  let syncFlushes = 0;
  const flusher: Flusher = {
    flush: () => new Promise<void>((resolve, reject) => held.push({ resolve, reject })),
    flushSync: () => void syncFlushes++,
  };
  return { flusher, held, syncFlushes: () => syncFlushes };
}
const settled = async (promise: Promise<unknown>) => {
  let done = false;
  void promise.then(
    () => (done = true),
    () => (done = true),
  );
  await new Promise((resolve) => setImmediate(resolve));
  return done;
};
const synchronous = () => db.pragma('synchronous', { simple: true });

describe('the write queue, flushing off the event loop', () => {
  const durableQueue = (flusher: Flusher) =>
    createWriteQueue(db, { durable: flusher, onCommit: (size) => batches.push(size) });

  it('when a batch has committed, then nothing of it is answered until its flush has ended', async () => {
    const { flusher, held } = heldFlusher();
    const q = durableQueue(flusher);
    const sale = q.run(sell(3));
    expect(await settled(sale)).toBe(false);
    // Committed (another reader sees it) but not yet on disk: the buyer still waits.
    expect([batches, left(), held.length]).toEqual([[1], 7, 1]);
    expect(synchronous()).toBe(2); // FULL again for writes made outside the queue
    held[0]!.resolve();
    await expect(sale).resolves.toBe(1);
  });

  it('when operations arrive while a flush runs, then they commit at once with a flush of their own', async () => {
    const { flusher, held } = heldFlusher();
    const q = durableQueue(flusher);
    const first = q.run(sell(1));
    await settled(first);
    const second = q.run(sell(1));
    const third = q.run(sell(1));
    // Their store work is done while the first batch's flush runs, not after it.
    expect(await settled(third)).toBe(false);
    expect([batches, left(), held.length]).toEqual([[1, 2], 7, 2]);
    // Each batch is answered when its own flush ends, whichever ends first.
    held[1]!.resolve();
    await expect(Promise.all([second, third])).resolves.toEqual([2, 3]);
    expect(await settled(first)).toBe(false);
    held[0]!.resolve();
    await expect(first).resolves.toBe(1);
  });

  it('when as many flushes run as allowed, then new operations wait for one to end and commit as one batch', async () => {
    const { flusher, held } = heldFlusher();
    const q = createWriteQueue(db, {
      durable: flusher,
      maxFlushes: 2,
      onCommit: (size) => batches.push(size),
    });
    const running = [q.run(sell(1))];
    await settled(running[0]!);
    running.push(q.run(sell(1)));
    await settled(running[1]!);
    const waiting = [q.run(sell(1)), q.run(sell(1))];
    expect(await settled(waiting[1]!)).toBe(false);
    // Not committed yet: the batch grows while the disk is busy, as it would behind a blocking
    // COMMIT, instead of each arrival committing (and writing its WAL frames) on its own.
    expect([batches, left(), held.length]).toEqual([[1, 1], 8, 2]);
    held[0]!.resolve();
    await running[0];
    // The flush's end schedules the batch (a turn later than the answers it gave).
    for (let turn = 0; turn < 2; turn++) await new Promise((resolve) => setImmediate(resolve));
    expect([batches, left(), held.length]).toEqual([[1, 1, 2], 6, 3]);
    held[1]!.resolve();
    held[2]!.resolve();
    await expect(Promise.all([...running, ...waiting])).resolves.toEqual([1, 2, 3, 4]);
  });

  it('when the flush fails, then every operation it covered is refused, never acknowledged', async () => {
    const { flusher, held } = heldFlusher();
    const q = durableQueue(flusher);
    const sales = [q.run(sell(1)), q.run(sell(1))];
    await settled(sales[0]!);
    held[0]!.reject(Object.assign(new Error('EIO: i/o error, fdatasync'), { code: 'EIO' }));
    for (const sale of sales) await expect(sale).rejects.toMatchObject({ code: 'EIO' });
  });

  it('when the queue closes while flushes run, then what waits is committed and flushed at once', async () => {
    const { flusher, held, syncFlushes } = heldFlusher();
    const q = durableQueue(flusher);
    const running = [q.run(sell(1))];
    await settled(running[0]!);
    running.push(q.run(sell(1)));
    await settled(running[1]!);
    const waiting = q.run(sell(1));
    await settled(waiting);
    q.close();
    expect([syncFlushes(), left()]).toEqual([1, 7]);
    await expect(waiting).resolves.toBe(3);
    for (const flush of held) flush.resolve();
    await expect(Promise.all(running)).resolves.toEqual([1, 2]);
  });

  it('when the real WAL flush runs, then the answers come', async () => {
    const q = durableQueue(walFlush(path.join(dir, 'queue.db')));
    await expect(Promise.all([q.run(sell(1)), q.run(sell(2))])).resolves.toEqual([1, 2]);
    expect(left()).toBe(7);
  });
});
