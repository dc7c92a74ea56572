import type { Collection, Db } from 'mongodb';
import type { FailedDocumentKind, FailedDocumentRecord, FailedDocumentsRepo } from '../store.js';

/** One document per order and kind, `${orderId}:${kind}` as `_id`. */
type FailedDocumentDoc = FailedDocumentRecord & { _id: string };

export const failedDocumentsCollection = (db: Db) =>
  db.collection<FailedDocumentDoc>('failed_documents');

/** The index mongo-store.ts creates at start-up: the admin's list, newest first. */
export const createFailedDocumentsIndexes = (db: Db) =>
  failedDocumentsCollection(db).createIndex({ lastAttemptAt: -1 });

const keyOf = (orderId: string, kind: FailedDocumentKind) => `${orderId}:${kind}`;
const toRecord = ({ _id: _key, ...record }: FailedDocumentDoc): FailedDocumentRecord => record;

export function mongoFailedDocumentsRepo(c: Collection<FailedDocumentDoc>): FailedDocumentsRepo {
  return {
    async recordFailure(orderId, kind, errors, at) {
      const doc = await c.findOneAndUpdate(
        { _id: keyOf(orderId, kind) },
        {
          $set: { orderId, kind, errors, lastAttemptAt: at },
          $setOnInsert: { firstAttemptAt: at },
          $inc: { attempts: 1 },
        },
        { upsert: true, returnDocument: 'after' },
      );
      return toRecord(doc!);
    },
    async clear(orderId, kind) {
      await c.deleteOne({ _id: keyOf(orderId, kind) });
    },
    async list(limit) {
      const docs = await c.find().sort({ lastAttemptAt: -1, orderId: 1 }).limit(limit).toArray();
      return docs.map(toRecord);
    },
    async get(orderId, kind) {
      const doc = await c.findOne({ _id: keyOf(orderId, kind) });
      return doc ? toRecord(doc) : null;
    },
  };
}
