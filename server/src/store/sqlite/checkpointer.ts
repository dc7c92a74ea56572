import { createRequire } from 'node:module';
import { Worker } from 'node:worker_threads';
import type Database from 'better-sqlite3';

export interface CheckpointerOptions {
  /**
   * How soon the worker looks again after a checkpoint that copied pages. After one that found
   * nothing to copy it waits twice as long as the last time, up to `idleMs`.
   */
  intervalMs?: number;
  idleMs?: number;
  /** Told each checkpoint that copied pages: the WAL's length then, and how much was copied. */
  onCheckpoint?: (result: CheckpointResult) => void;
  /** Told when the worker failed (the connection's own checkpoints have taken over). */
  onError?: (error: unknown) => void;
}

/** `PRAGMA wal_checkpoint`'s answer: pages in the WAL and pages now in the database file. */
export interface CheckpointResult {
  busy: number;
  log: number;
  checkpointed: number;
}

export interface Checkpointer {
  /** Stops the worker and closes its connection; resolves once it has. */
  close(): Promise<void>;
}

/** SQLite's default: the committing connection checkpoints once the WAL holds this many pages. */
const DEFAULT_AUTOCHECKPOINT = 1000;
/**
 * While the worker runs, the connection still checkpoints once the WAL holds this many pages
 * (160 MB of 4 kB pages). A WAL starts again from its beginning only when a write begins after a
 * checkpoint that copied all of it; under writes that never pause, the worker's checkpoints never
 * quite catch up, and the WAL would grow without end. There the connection's own checkpoint,
 * with the worker's copying done, stops the loop for its two flushes once per 40,000 pages:
 * about every 10,000 orders, rarely enough to stay out of the slowest 1% (at 10,000 pages it was
 * in it, decision 010).
 */
export const FALLBACK_AUTOCHECKPOINT = 40_000;

/**
 * The worker: its own connection to the file, running PASSIVE checkpoints (they never take the
 * write lock, so writers are not held up): every `intervalMs` while there are pages to copy,
 * less and less often while there are none. Plain CommonJS, given as a string, so that it runs
 * the same from the TypeScript sources (tests) and the build.
 */
const WORKER_SOURCE = `
const { parentPort, workerData } = require('node:worker_threads');
// SQLite's errors reach the main thread as their code alone: passed on as plain errors instead.
const plain = (doing, error) =>
  Object.assign(new Error(doing + ' ' + workerData.file + ': ' + error.message), { code: error.code });
let db;
let checkpoint;
try {
  const Database = require(workerData.driver);
  db = new Database(workerData.file, { fileMustExist: true });
  // FULL: the WAL is flushed before its pages are copied, the database file after.
  db.pragma('synchronous = FULL');
  checkpoint = db.prepare('PRAGMA wal_checkpoint(PASSIVE)');
} catch (error) {
  throw plain('cannot open', error);
}
let last = 0;
let wait = workerData.intervalMs;
let timer;
const run = () => {
  let result;
  try {
    result = checkpoint.get();
  } catch (error) {
    throw plain('cannot checkpoint', error);
  }
  const copied = result.checkpointed !== last;
  if (copied) parentPort.postMessage(result);
  last = result.checkpointed;
  wait = copied ? workerData.intervalMs : Math.min(wait * 2, workerData.idleMs);
  timer = setTimeout(run, wait);
};
timer = setTimeout(run, wait);
parentPort.on('message', () => {
  clearTimeout(timer);
  db.close();
  parentPort.close();
});
`;

const require = createRequire(import.meta.url);

/**
 * Moves the WAL's checkpoints off the event loop (decision 010). By default the connection that
 * commits runs them, inside that COMMIT: copying the pages and flushing the WAL and then the
 * database file, on the event loop, every thousand pages; the requests of that moment wait for
 * it (with a cloud disk's 5 ms flush, it was the orders' slowest 1%). Here a worker thread with
 * its own connection does it. Should the worker fail, the connection's own checkpoints return.
 */
export function startCheckpointer(
  db: Database.Database,
  { intervalMs = 50, idleMs = 1000, onCheckpoint, onError }: CheckpointerOptions = {},
): Checkpointer {
  const worker = new Worker(WORKER_SOURCE, {
    eval: true,
    workerData: { driver: require.resolve('better-sqlite3'), file: db.name, intervalMs, idleMs },
  });
  // A shop that is stopping does not wait for it (close() does, when asked).
  worker.unref();
  db.pragma(`wal_autocheckpoint = ${FALLBACK_AUTOCHECKPOINT}`);
  worker.on('message', (result: CheckpointResult) => onCheckpoint?.(result));
  worker.on('error', (error) => onError?.(error));
  // However the worker ends (closed, or failed: 'exit' follows 'error'), the connection's own
  // checkpoints take over again.
  const exited = new Promise<void>((resolve) =>
    worker.once('exit', () => {
      if (db.open) db.pragma(`wal_autocheckpoint = ${DEFAULT_AUTOCHECKPOINT}`);
      resolve();
    }),
  );
  return {
    async close() {
      // Held until it has exited: an unreferenced worker would let the process end meanwhile.
      worker.ref();
      worker.postMessage('close');
      await exited;
    },
  };
}
