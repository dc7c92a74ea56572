import fs from 'node:fs';
import type Database from 'better-sqlite3';
import { Refusal } from '../refusal.js';

/** SQLite's `temp_store` setting that keeps temporary files, statement journals included, in memory. */
const TEMP_STORE_MEMORY = 2;

export interface WriteQueueOptions {
  /** Most operations committed together; the rest wait for the next batch. */
  maxBatch?: number;
  /** Told the size of every committed batch (the bench and the tests watch the grouping). */
  onCommit?: (size: number) => void;
  /**
   * Makes committed batches durable off the event loop (`walFlush`, below). Given, a batch
   * commits with `synchronous = NORMAL` (its WAL frames written, not yet flushed) and its
   * operations are answered only once `flush()` has resolved. Left out, each COMMIT flushes
   * itself (`synchronous = FULL`) and blocks the loop meanwhile.
   */
  durable?: Flusher;
  /**
   * With `durable`: how many flushes may run at once. A batch commits while fewer are running,
   * and gets a flush of its own; at the limit the next batch waits (and grows) until one ends.
   */
  maxFlushes?: number;
}

/** Flushes everything committed so far to the disk: `flush` off the loop, `flushSync` on it. */
export interface Flusher {
  flush(): Promise<void>;
  flushSync(): void;
}

/**
 * fdatasync of the database's WAL file, in libuv's thread pool. Linux flushes a file's pages
 * whichever descriptor wrote them, so a descriptor of our own covers SQLite's writes. SQLite
 * deletes the WAL only when the last connection to the database closes, and ours stays open
 * until `close()`, so the descriptor, opened at the first flush, names the live WAL throughout.
 */
export function walFlush(databaseFile: string): Flusher & { close(): void } {
  const wal = `${databaseFile}-wal`;
  let fd: number | undefined;
  let running = 0;
  let closing = false;
  const descriptor = () => (fd ??= fs.openSync(wal, 'r'));
  // Closed once no flush uses it: a descriptor closed under a running flush could be reused.
  const release = () => {
    if (closing && running === 0 && fd !== undefined) {
      fs.closeSync(fd);
      fd = undefined;
    }
  };
  return {
    flush() {
      const target = descriptor();
      running++;
      return new Promise<void>((resolve, reject) =>
        fs.fdatasync(target, (error) => {
          running--;
          release();
          if (error) reject(error);
          else resolve();
        }),
      );
    },
    flushSync() {
      fs.fdatasyncSync(descriptor());
    },
    close() {
      closing = true;
      release();
    },
  };
}

/**
 * What a queued operation may return: anything but a promise. The batch's transaction is open
 * only while the operation runs synchronously; work after an `await` would land outside it (or
 * inside someone else's batch), so an async operation does not compile.
 */
export type SyncResult<T> = T extends PromiseLike<unknown> ? never : T;

export interface WriteQueue {
  /**
   * Runs `operation` (synchronous better-sqlite3 calls) in the next batch's transaction, inside
   * its own savepoint, and settles once that transaction has committed (or failed). After
   * `close()` it settles at once with an error, running nothing.
   */
  run<T>(operation: () => SyncResult<T>): Promise<T>;
  /** Commits everything queued now, then refuses new work; called before the connection closes. */
  close(): void;
}

/** The error of work queued after the store closed. */
export class QueueClosedError extends Error {
  constructor() {
    super('the store is closed: the write was not made');
    this.name = 'QueueClosedError';
  }
}

interface Pending {
  operation: () => unknown;
  resolve: (value: unknown) => void;
  reject: (error: unknown) => void;
}

type Outcome = { ok: true; value: unknown } | { ok: false; error: unknown };

/**
 * Group commit. Requests that arrive while a batch runs pile up in the sockets; the next turn of
 * the loop parses them all, they all queue here, and `setImmediate` (after that I/O phase)
 * commits them as one transaction. No other statement of this connection can run between BEGIN
 * and COMMIT, so writes made outside the queue never land inside a batch.
 *
 * With `durable` (the shop's store), the COMMIT does not wait for the disk: the flush runs in the
 * thread pool while the loop parses and commits the next batches, and one flush covers every
 * batch committed before it began (decision 010). The next batch commits while a flush runs and
 * gets its own (up to `maxFlushes` at once): its store work is done meanwhile, instead of after
 * that flush. Nothing is answered before its flush, so an acknowledged order survives a power
 * cut as with `synchronous = FULL`; a later flush covers the earlier batches' pages too, so
 * flushes that end out of order change nothing.
 */
export function createWriteQueue(
  db: Database.Database,
  { maxBatch = 256, onCommit, durable, maxFlushes = 2 }: WriteQueueOptions = {},
): WriteQueue {
  const relaxed = db.prepare('PRAGMA synchronous = NORMAL');
  const strict = db.prepare('PRAGMA synchronous = FULL');
  // Each operation's savepoint journals the pages it changes. Past 64 KiB SQLite spills that
  // journal into a temporary file, a write per page, and an order with its email gets there: in
  // a batch the journal stays in memory. Outside batches the connection's own setting is back,
  // so a large sort of a read may still use files. Like the safety level it may change only
  // outside a transaction; unlike it, SQLite applies it when the PRAGMA is compiled, so it is
  // not a prepared statement.
  const ownTempStore = Number(db.pragma('temp_store', { simple: true }));
  const tempStore = (setting: number) => db.pragma(`temp_store = ${setting}`);
  const begin = db.prepare('BEGIN IMMEDIATE');
  const commit = db.prepare('COMMIT');
  const rollback = db.prepare('ROLLBACK');
  const savepoint = db.prepare('SAVEPOINT queued_op');
  const release = db.prepare('RELEASE queued_op');
  const rollbackTo = db.prepare('ROLLBACK TO queued_op');
  let waiting: Pending[] = [];
  let scheduled = false;
  let closed = false;

  const runOne = (operation: () => unknown): Outcome => {
    savepoint.run();
    try {
      const value = operation();
      release.run();
      return { ok: true, value };
    } catch (error) {
      // Some errors (disk full, I/O) end the whole transaction: the caller sees it as gone.
      if (!db.inTransaction) throw error;
      rollbackTo.run();
      release.run();
      // A refusal (`refuse(answer)`, ../refusal.ts) undoes the operation and answers `answer`.
      return error instanceof Refusal ? { ok: true, value: error.answer } : { ok: false, error };
    }
  };

  // With `durable`: how many committed batches have their flush running.
  let flushing = 0;
  let closing = false;

  /** Answers the batch once the flusher has it on disk; refuses all of it if the flush fails. */
  const afterFlush = (flusher: Flusher, settle: () => void, fail: (error: unknown) => void) => {
    if (closing) {
      try {
        flusher.flushSync();
      } catch (error) {
        return fail(error);
      }
      return settle();
    }
    flushing++;
    flusher
      .flush()
      // Committed but perhaps not on disk: not one of them may be acknowledged as placed.
      .then(settle, fail)
      .finally(() => {
        flushing--;
        if (waiting.length) schedule();
      });
  };

  const commitBatch = (batch: Pending[]) => {
    let outcomes: Outcome[];
    // Safety level may not change inside a transaction: before BEGIN, and back after COMMIT.
    if (durable) relaxed.run();
    try {
      tempStore(TEMP_STORE_MEMORY);
      begin.run();
      outcomes = batch.map((pending) => runOne(pending.operation));
      commit.run();
    } catch (error) {
      // Nothing of this batch is on disk: no request of it may be acknowledged.
      if (db.inTransaction) rollback.run();
      for (const pending of batch) pending.reject(error);
      return;
    } finally {
      if (!db.inTransaction) {
        if (durable) strict.run();
        tempStore(ownTempStore);
      }
    }
    onCommit?.(batch.length);
    const settle = () =>
      batch.forEach((pending, i) => {
        const outcome = outcomes[i]!;
        if (outcome.ok) pending.resolve(outcome.value);
        else pending.reject(outcome.error);
      });
    if (!durable) return settle();
    afterFlush(durable, settle, (error) => batch.forEach((pending) => pending.reject(error)));
  };

  const commitWaiting = () => {
    scheduled = false;
    // At the limit the next batch keeps growing, as it grows during a blocking COMMIT; the end of
    // a flush schedules it.
    if (flushing >= maxFlushes && !closing) return;
    const batch = waiting.slice(0, maxBatch);
    waiting = waiting.slice(maxBatch);
    if (waiting.length) schedule();
    if (batch.length) commitBatch(batch);
  };

  function schedule() {
    if (scheduled) return;
    scheduled = true;
    setImmediate(commitWaiting);
  }

  return {
    run<T>(operation: () => SyncResult<T>) {
      if (closed) return Promise.reject(new QueueClosedError());
      return new Promise<T>((resolve, reject) => {
        waiting.push({ operation, resolve: resolve as (value: unknown) => void, reject });
        schedule();
      });
    },
    close() {
      // What waits is committed and flushed now, before the connection goes; a batch whose
      // flush is already running is answered when that ends.
      closing = true;
      while (waiting.length && db.open) commitWaiting();
      closed = true;
      // The connection closed under work still queued: it was never written.
      for (const pending of waiting.splice(0)) pending.reject(new QueueClosedError());
    },
  };
}
