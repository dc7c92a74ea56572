import type { Collection, Db } from 'mongodb';
import type { RateLimitsRepo, TestIntentRecord, TestIntentsRepo } from '../store.js';

/**
 * State every instance shares (rate-limit counters, the test gateway's intents). Old documents
 * are removed by TTL indexes on `expiresAt` (MongoDB's monitor runs about once a minute, so
 * reads also check the time themselves).
 */

interface RateLimitDoc {
  _id: string;
  windowStart: number;
  windowMs: number;
  count: number;
  expiresAt: Date;
}

interface TestIntentDoc extends Omit<TestIntentRecord, 'id' | 'idempotencyKey'> {
  _id: string;
  /** Absent once forgotten: a sparse unique index lets any number of intents lack it. */
  idempotencyKey?: string;
  /** Only on intents that have not succeeded; a succeeded payment is kept. */
  expiresAt?: Date;
}

const DAY_MS = 24 * 60 * 60 * 1000;

export async function createSharedStateIndexes(db: Db): Promise<void> {
  await Promise.all([
    db.collection('rate_limits').createIndex({ expiresAt: 1 }, { expireAfterSeconds: 0 }),
    db.collection('test_payment_intents').createIndex({ expiresAt: 1 }, { expireAfterSeconds: 0 }),
    db
      .collection('test_payment_intents')
      .createIndex({ idempotencyKey: 1 }, { unique: true, sparse: true }),
  ]);
}

export function mongoRateLimitsRepo(counters: Collection<RateLimitDoc>): RateLimitsRepo {
  const counted = (doc: RateLimitDoc) => ({
    count: doc.count,
    resetAt: doc.windowStart + doc.windowMs,
  });
  return {
    async hit(key, windowMs, now) {
      // One pipeline update with upsert: atomic per document, so instances counting the same
      // key at once all land, and an ended window restarts in the same step.
      const ended = {
        $lte: [{ $add: [{ $ifNull: ['$windowStart', 0] }, { $ifNull: ['$windowMs', 0] }] }, now],
      };
      const doc = await counters.findOneAndUpdate(
        { _id: key },
        [
          {
            $set: {
              count: { $cond: [ended, 1, { $add: ['$count', 1] }] },
              windowStart: { $cond: [ended, now, '$windowStart'] },
              windowMs,
            },
          },
          { $set: { expiresAt: { $toDate: { $add: ['$windowStart', '$windowMs'] } } } },
        ],
        { upsert: true, returnDocument: 'after' },
      );
      return counted(doc!);
    },
    async get(key, now) {
      const doc = await counters.findOne({ _id: key });
      return doc && doc.windowStart + doc.windowMs > now ? counted(doc) : null;
    },
    async decrement(key) {
      await counters.updateOne({ _id: key, count: { $gt: 0 } }, { $inc: { count: -1 } });
    },
    async reset(key) {
      await counters.deleteOne({ _id: key });
    },
  };
}

const fromDoc = ({ _id, idempotencyKey, expiresAt: _expiresAt, ...rest }: TestIntentDoc) => ({
  ...rest,
  id: _id,
  idempotencyKey: idempotencyKey ?? null,
});

export function mongoTestIntentsRepo(intents: Collection<TestIntentDoc>): TestIntentsRepo {
  return {
    async insertOnce({ id, idempotencyKey, ...rest }) {
      const doc: TestIntentDoc = {
        ...rest,
        _id: id,
        ...(idempotencyKey ? { idempotencyKey } : {}),
        expiresAt: new Date(rest.createdAt + DAY_MS),
      };
      try {
        await intents.insertOne(doc);
        return fromDoc(doc);
      } catch (error) {
        // 11000: the key is held (another request or instance was first): answer its intent.
        if ((error as { code?: number }).code !== 11000 || !idempotencyKey) throw error;
        const holder = await intents.findOne({ idempotencyKey });
        if (!holder) throw error;
        return fromDoc(holder);
      }
    },
    async get(id) {
      const doc = await intents.findOne({ _id: id });
      return doc ? fromDoc(doc) : null;
    },
    async finish(id, status) {
      const doc = await intents.findOneAndUpdate(
        { _id: id, status: { $nin: ['succeeded', 'canceled'] } },
        status === 'succeeded'
          ? { $set: { status }, $unset: { expiresAt: '' } }
          : { $set: { status } },
        { returnDocument: 'after' },
      );
      return doc ? fromDoc(doc) : null;
    },
    async forget(cutoff) {
      await intents.deleteMany({ createdAt: { $lt: cutoff }, status: { $ne: 'succeeded' } });
      await intents.updateMany(
        { createdAt: { $lt: cutoff }, idempotencyKey: { $exists: true } },
        { $unset: { idempotencyKey: '' } },
      );
    },
  };
}
