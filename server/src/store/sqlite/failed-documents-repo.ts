import type Database from 'better-sqlite3';
import type { FailedDocumentKind, FailedDocumentRecord, FailedDocumentsRepo } from '../store.js';

interface Row {
  order_id: string;
  kind: FailedDocumentKind;
  errors: string;
  first_attempt_at: string;
  last_attempt_at: string;
  attempts: number;
}

const toRecord = (row: Row): FailedDocumentRecord => ({
  orderId: row.order_id,
  kind: row.kind,
  errors: JSON.parse(row.errors) as FailedDocumentRecord['errors'],
  firstAttemptAt: row.first_attempt_at,
  lastAttemptAt: row.last_attempt_at,
  attempts: row.attempts,
});

/** Rare writes (a document that failed its rules): their own statements, not the write queue. */
export function sqliteFailedDocumentsRepo(db: Database.Database): FailedDocumentsRepo {
  const upsert = db.prepare<[string, string, string, string, string], Row>(`INSERT INTO
    failed_documents (order_id, kind, errors, first_attempt_at, last_attempt_at, attempts)
    VALUES (?, ?, ?, ?, ?, 1) ON CONFLICT (order_id, kind) DO UPDATE SET
    errors = excluded.errors, last_attempt_at = excluded.last_attempt_at,
    attempts = attempts + 1 RETURNING *`);
  const remove = db.prepare('DELETE FROM failed_documents WHERE order_id = ? AND kind = ?');
  const newest = db.prepare<[number], Row>(
    'SELECT * FROM failed_documents ORDER BY last_attempt_at DESC, order_id LIMIT ?',
  );
  const one = db.prepare<[string, string], Row>(
    'SELECT * FROM failed_documents WHERE order_id = ? AND kind = ?',
  );
  return {
    async recordFailure(orderId, kind, errors, at) {
      return toRecord(upsert.get(orderId, kind, JSON.stringify(errors), at, at)!);
    },
    async clear(orderId, kind) {
      remove.run(orderId, kind);
    },
    async list(limit) {
      return newest.all(limit).map(toRecord);
    },
    async get(orderId, kind) {
      const row = one.get(orderId, kind);
      return row ? toRecord(row) : null;
    },
  };
}
