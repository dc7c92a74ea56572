import type Database from 'better-sqlite3';
import {
  MAIL_PRIORITY,
  type OutboxAttachmentRef,
  type OutboxBodySource,
  type OutboxMessage,
  type OutboxMessageInput,
  type OutboxRepo,
  type OutboxStatus,
} from '../store.js';
import { newObjectId } from '../object-id.js';
import type { WriteQueue } from './write-queue.js';

interface OutboxRow {
  id: string;
  dedupe_key: string | null;
  kind: string;
  order_id: string | null;
  to_addr: string;
  subject: string;
  html: string;
  text: string;
  body_source: string | null;
  attachments: string;
  priority: number;
  status: OutboxStatus;
  attempts: number;
  next_attempt_at: string;
  last_error: string | null;
  claimed_by: string | null;
  claimed_until: string | null;
  created_at: string;
  sent_at: string | null;
}

function toMessage(row: OutboxRow): OutboxMessage {
  return {
    _id: row.id,
    kind: row.kind,
    ...(row.order_id !== null && { orderId: row.order_id }),
    ...(row.dedupe_key !== null && { dedupeKey: row.dedupe_key }),
    to: row.to_addr,
    subject: row.subject,
    html: row.html,
    text: row.text,
    ...(row.body_source !== null && {
      bodySource: JSON.parse(row.body_source) as OutboxBodySource,
    }),
    attachments: JSON.parse(row.attachments) as OutboxAttachmentRef[],
    priority: row.priority,
    status: row.status,
    attempts: row.attempts,
    nextAttemptAt: row.next_attempt_at,
    ...(row.last_error !== null && { lastError: row.last_error }),
    ...(row.claimed_by !== null && { claimedBy: row.claimed_by }),
    ...(row.claimed_until !== null && { claimedUntil: row.claimed_until }),
    createdAt: row.created_at,
    ...(row.sent_at !== null && { sentAt: row.sent_at }),
  };
}

/**
 * Queueing, claiming and settling messages go through the write queue: an order's email is
 * queued right after the order, so under load these rows share the orders' group commits instead
 * of paying an fsync each.
 */
/**
 * Adds a message inside the caller's transaction (a queued operation): the outbox's own
 * `enqueue`, and placing an order, whose email enters with it. Answers the new row's id, or
 * null when its dedupe key was taken.
 */
export function outboxInserter(db: Database.Database) {
  const insert = db.prepare(`INSERT INTO outbox (id, dedupe_key, kind, order_id, to_addr, subject,
      html, text, body_source, attachments, priority, status, attempts, next_attempt_at, created_at)
    VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, 'pending', 0, ?, ?)
    ON CONFLICT (dedupe_key) DO NOTHING`);
  return (input: OutboxMessageInput, now: string): string | null => {
    const id = newObjectId();
    const created =
      insert.run(
        id,
        input.dedupeKey ?? null,
        input.kind,
        input.orderId ?? null,
        input.to,
        input.subject,
        input.html,
        input.text,
        input.bodySource ? JSON.stringify(input.bodySource) : null,
        JSON.stringify(input.attachments ?? []),
        input.priority ?? MAIL_PRIORITY.bulk,
        now,
        now,
      ).changes === 1;
    return created ? id : null;
  };
}

export function sqliteOutboxRepo(db: Database.Database, queue: WriteQueue): OutboxRepo {
  const insert = outboxInserter(db);
  const byId = db.prepare('SELECT * FROM outbox WHERE id = ?');
  const byKey = db.prepare('SELECT * FROM outbox WHERE dedupe_key = ?');
  // One statement: SQLite runs it under the write lock, so two senders (threads or processes)
  // never lease the same row. The outer WHERE repeats the test for clarity of intent.
  const claim = db.prepare(`UPDATE outbox
    SET claimed_by = @worker, claimed_until = @until, attempts = attempts + 1
    WHERE id IN (
      SELECT id FROM outbox
      WHERE status = 'pending' AND next_attempt_at <= @now
        AND (claimed_until IS NULL OR claimed_until < @now)
      ORDER BY priority DESC, next_attempt_at, id LIMIT @limit)
    AND status = 'pending' AND (claimed_until IS NULL OR claimed_until < @now)
    RETURNING *`);
  const sent = db.prepare(`UPDATE outbox
    SET status = 'sent', sent_at = ?, claimed_by = NULL, claimed_until = NULL, last_error = NULL
    WHERE id = ? AND claimed_by = ? AND status = 'pending'`);
  const failed = db.prepare(`UPDATE outbox
    SET status = @status, next_attempt_at = COALESCE(@retryAt, next_attempt_at),
      last_error = @error, claimed_by = NULL, claimed_until = NULL
    WHERE id = @id AND claimed_by = @worker AND status = 'pending'`);
  const retry = db.prepare(`UPDATE outbox
    SET status = 'pending', attempts = 0, next_attempt_at = ?, claimed_by = NULL,
      claimed_until = NULL
    WHERE id = ? AND status = 'failed' RETURNING *`);

  return {
    async enqueue(input, now) {
      return queue.run(() => {
        const id = insert(input, now);
        const row = (id ? byId.get(id) : byKey.get(input.dedupeKey)) as OutboxRow;
        return { message: toMessage(row), created: id !== null };
      });
    },
    async claim(workerId, now, leaseMs, limit) {
      const until = new Date(Date.parse(now) + leaseMs).toISOString();
      const rows = await queue.run(
        () => claim.all({ worker: workerId, until, now, limit }) as OutboxRow[],
      );
      return rows
        .map(toMessage)
        .sort((a, b) => b.priority - a.priority || a.nextAttemptAt.localeCompare(b.nextAttemptAt));
    },
    async markSent(id, workerId, at) {
      return queue.run(() => sent.run(at, id, workerId).changes === 1);
    },
    async markFailed(id, workerId, error, retryAt) {
      const status = retryAt === null ? 'failed' : 'pending';
      return queue.run(
        () =>
          failed.run({ status, retryAt, error: error.slice(0, 2000), id, worker: workerId })
            .changes === 1,
      );
    },
    async retry(id, now) {
      const row = retry.get(now, id) as OutboxRow | undefined;
      if (row) return toMessage(row);
      return byId.get(id) ? 'NOT_FAILED' : null;
    },
    async get(id) {
      const row = byId.get(id) as OutboxRow | undefined;
      return row ? toMessage(row) : null;
    },
    async list({ status, offset, limit }) {
      const where = status ? 'WHERE status = ?' : '';
      const args = status ? [status] : [];
      const total = db
        .prepare(`SELECT count(*) FROM outbox ${where}`)
        .pluck()
        .get(...args) as number;
      const rows = db
        .prepare(`SELECT * FROM outbox ${where} ORDER BY id DESC LIMIT ? OFFSET ?`)
        .all(...args, limit, offset) as OutboxRow[];
      return { items: rows.map(toMessage), total };
    },
  };
}
