import type Database from 'better-sqlite3';
import type { RateLimitsRepo, TestIntentRecord, TestIntentsRepo } from '../store.js';
import type { WriteQueue } from './write-queue.js';

/**
 * Runs a write without waiting for the disk, for state nobody relies on after a power cut
 * (unconfirmed test intents, rate-limit counts): a crash of the process keeps it (the WAL has
 * it), a power cut may lose the last of it. Everything else keeps `synchronous = FULL`.
 * better-sqlite3 is synchronous, so no other statement of this connection can commit while the
 * setting is relaxed.
 */
function relaxedWrites(db: Database.Database) {
  const normal = db.prepare('PRAGMA synchronous = NORMAL');
  const full = db.prepare('PRAGMA synchronous = FULL');
  return <T>(write: () => T): T => {
    normal.run();
    try {
      return write();
    } finally {
      full.run();
    }
  };
}

const PURGE_EVERY_MS = 60_000;

interface PendingHit {
  key: string;
  windowMs: number;
  now: number;
  resolve: (counted: { count: number; resetAt: number }) => void;
  reject: (error: unknown) => void;
}

/**
 * The hits of one turn of the event loop commit together, at once, without waiting for the disk
 * (`relaxedWrites`). Through the write queue they shared the orders' group commits, but were
 * answered only after their batch's flush: each order then waited for two flushes, its count's
 * and its own. With a 5 ms flush that cost a quarter of the orders a second (decision 010). One
 * commit per hit, in turn, wrote a WAL frame per request. Losing the last counts to a power cut
 * lets a client a few requests more; its order is still refused or placed whole.
 * Decrements and resets are rare and go through the queue.
 */
export function sqliteRateLimitsRepo(db: Database.Database, queue: WriteQueue): RateLimitsRepo {
  // One statement, so two instances counting the same key at once both land: SQLite serialises
  // the writes, and the window restarts inside the same upsert when the old one has ended.
  const hit = db.prepare<
    [string, number, number],
    { window_start: number; window_ms: number; count: number }
  >(
    `INSERT INTO rate_limits (key, window_start, window_ms, count) VALUES (?, ?, ?, 1)
     ON CONFLICT (key) DO UPDATE SET
       count = CASE WHEN window_start + window_ms <= excluded.window_start THEN 1 ELSE count + 1 END,
       window_start = CASE WHEN window_start + window_ms <= excluded.window_start
         THEN excluded.window_start ELSE window_start END,
       window_ms = excluded.window_ms
     RETURNING window_start, window_ms, count`,
  );
  const get = db.prepare<
    [string, number],
    { window_start: number; window_ms: number; count: number }
  >(
    'SELECT window_start, window_ms, count FROM rate_limits WHERE key = ? AND window_start + window_ms > ?',
  );
  const decrement = db.prepare(
    'UPDATE rate_limits SET count = count - 1 WHERE key = ? AND count > 0',
  );
  const reset = db.prepare('DELETE FROM rate_limits WHERE key = ?');
  const purge = db.prepare('DELETE FROM rate_limits WHERE window_start + window_ms <= ?');
  const relaxed = relaxedWrites(db);
  let purgedAt = 0;
  const counted = (row: { window_start: number; window_ms: number; count: number }) => ({
    count: row.count,
    resetAt: row.window_start + row.window_ms,
  });
  // One commit for the turn's counts and, now and then, the purge of ended windows.
  const counting = db.transaction((hits: readonly PendingHit[]) => {
    const now = hits[0]!.now;
    if (now - purgedAt > PURGE_EVERY_MS) {
      purgedAt = now;
      purge.run(now);
    }
    return hits.map(({ key, windowMs, now }) => counted(hit.get(key, now, windowMs)!));
  });
  let pending: PendingHit[] = [];
  const countPending = () => {
    const hits = pending;
    pending = [];
    let results;
    try {
      results = relaxed(() => counting(hits));
    } catch (error) {
      for (const { reject } of hits) reject(error);
      return;
    }
    hits.forEach(({ resolve }, i) => resolve(results[i]!));
  };

  return {
    hit(key, windowMs, now) {
      return new Promise((resolve, reject) => {
        if (pending.push({ key, windowMs, now, resolve, reject }) === 1) setImmediate(countPending);
      });
    },
    async get(key, now) {
      const row = get.get(key, now);
      return row ? counted(row) : null;
    },
    async decrement(key) {
      await queue.run(() => decrement.run(key));
    },
    async reset(key) {
      await queue.run(() => reset.run(key));
    },
  };
}

interface IntentRow {
  id: string;
  client_secret: string;
  status: string;
  amount_cents: number;
  currency: string;
  order_id: string | null;
  invoice_number: string | null;
  idempotency_key: string | null;
  created_at: number;
}

const fromRow = (row: IntentRow): TestIntentRecord => ({
  id: row.id,
  clientSecret: row.client_secret,
  status: row.status,
  amountCents: row.amount_cents,
  currency: row.currency,
  orderId: row.order_id,
  ...(row.invoice_number && { invoiceNumber: row.invoice_number }),
  idempotencyKey: row.idempotency_key,
  createdAt: row.created_at,
});

export function sqliteTestIntentsRepo(db: Database.Database): TestIntentsRepo {
  const relaxed = relaxedWrites(db);
  const insert = db.prepare(`INSERT INTO test_payment_intents
    (id, client_secret, status, amount_cents, currency, order_id, invoice_number,
    idempotency_key, created_at)
    VALUES (@id, @clientSecret, @status, @amountCents, @currency, @orderId, @invoiceNumber,
    @idempotencyKey, @createdAt)
    ON CONFLICT (idempotency_key) DO NOTHING`);
  const byKey = db.prepare<[string], IntentRow>(
    'SELECT * FROM test_payment_intents WHERE idempotency_key = ?',
  );
  const byId = db.prepare<[string], IntentRow>('SELECT * FROM test_payment_intents WHERE id = ?');
  const finish = db.prepare<[string, string], IntentRow>(
    `UPDATE test_payment_intents SET status = ?
     WHERE id = ? AND status NOT IN ('succeeded', 'canceled') RETURNING *`,
  );
  const dropOld = db.prepare(
    "DELETE FROM test_payment_intents WHERE created_at < ? AND status <> 'succeeded'",
  );
  const forgetKeys = db.prepare(
    'UPDATE test_payment_intents SET idempotency_key = NULL WHERE created_at < ? AND idempotency_key IS NOT NULL',
  );

  return {
    async insertOnce(intent) {
      return relaxed(() => {
        insert.run({ ...intent, invoiceNumber: intent.invoiceNumber ?? null });
        // The key's holder: this intent, or the one another request or instance stored first.
        return fromRow(byKey.get(intent.idempotencyKey ?? '') ?? byId.get(intent.id)!);
      });
    },
    async get(id) {
      const row = byId.get(id);
      return row ? fromRow(row) : null;
    },
    async finish(id, status) {
      // A success is what marks the order paid next: that write is FULL, and this one is
      // made durable by it, being earlier in the same WAL.
      const row = relaxed(() => finish.get(status, id));
      return row ? fromRow(row) : null;
    },
    async forget(cutoff) {
      relaxed(() =>
        db.transaction(() => {
          dropOld.run(cutoff);
          forgetKeys.run(cutoff);
        })(),
      );
    },
  };
}
