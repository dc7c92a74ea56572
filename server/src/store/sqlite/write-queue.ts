import type Database from 'better-sqlite3';
import { Refusal } from '../refusal.js';

export interface WriteQueueOptions {
  /** Most operations committed together; the rest wait for the next batch. */
  maxBatch?: number;
  /** Told the size of every committed batch (the bench and the tests watch the grouping). */
  onCommit?: (size: number) => void;
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
 * Group commit. better-sqlite3 runs a whole batch synchronously, so while one COMMIT waits for
 * its fsync the event loop stands still and new requests pile up in the sockets; the next turn
 * of the loop parses them all, they all queue here, and `setImmediate` (after that I/O phase)
 * commits them as one transaction: one fsync for the lot, `synchronous = FULL` unchanged. No
 * other statement of this connection can run between BEGIN and COMMIT, so writes made outside
 * the queue never land inside a batch.
 */
export function createWriteQueue(
  db: Database.Database,
  { maxBatch = 256, onCommit }: WriteQueueOptions = {},
): WriteQueue {
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

  const commitBatch = (batch: Pending[]) => {
    let outcomes: Outcome[];
    try {
      begin.run();
      outcomes = batch.map((pending) => runOne(pending.operation));
      commit.run();
    } catch (error) {
      // Nothing of this batch is on disk: no request of it may be acknowledged.
      if (db.inTransaction) rollback.run();
      for (const pending of batch) pending.reject(error);
      return;
    }
    onCommit?.(batch.length);
    batch.forEach((pending, i) => {
      const outcome = outcomes[i]!;
      if (outcome.ok) pending.resolve(outcome.value);
      else pending.reject(outcome.error);
    });
  };

  const flush = () => {
    scheduled = false;
    const batch = waiting.slice(0, maxBatch);
    waiting = waiting.slice(maxBatch);
    if (waiting.length) schedule();
    if (batch.length) commitBatch(batch);
  };

  function schedule() {
    if (scheduled) return;
    scheduled = true;
    setImmediate(flush);
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
      while (waiting.length && db.open) flush();
      closed = true;
      // The connection closed under work still queued: it was never written.
      for (const pending of waiting.splice(0)) pending.reject(new QueueClosedError());
    },
  };
}
