import { ObjectId, type Collection, type Filter } from 'mongodb';
import {
  MAIL_PRIORITY,
  type OutboxAttachmentRef,
  type OutboxBodySource,
  type OutboxMessage,
  type OutboxMessageInput,
  type OutboxRepo,
  type OutboxStatus,
} from '../store.js';
import { isDuplicateKey, iso, toObjectId } from './ids.js';

export interface OutboxDoc {
  _id: ObjectId;
  dedupeKey?: string;
  kind: string;
  orderId?: string;
  to: string;
  subject: string;
  html: string;
  text: string;
  bodySource?: OutboxBodySource;
  attachments: OutboxAttachmentRef[];
  /** Missing on messages queued before issue 48: bulk. */
  priority?: number;
  status: OutboxStatus;
  attempts: number;
  nextAttemptAt: Date;
  lastError?: string;
  claimedBy?: string | null;
  claimedUntil?: Date | null;
  createdAt: Date;
  sentAt?: Date;
}

function toMessage(doc: OutboxDoc): OutboxMessage {
  return {
    _id: doc._id.toHexString(),
    kind: doc.kind,
    ...(doc.orderId != null && { orderId: doc.orderId }),
    ...(doc.dedupeKey != null && { dedupeKey: doc.dedupeKey }),
    to: doc.to,
    subject: doc.subject,
    html: doc.html,
    text: doc.text,
    ...(doc.bodySource != null && { bodySource: doc.bodySource }),
    attachments: doc.attachments,
    priority: doc.priority ?? MAIL_PRIORITY.bulk,
    status: doc.status,
    attempts: doc.attempts,
    nextAttemptAt: iso(doc.nextAttemptAt),
    ...(doc.lastError != null && { lastError: doc.lastError }),
    ...(doc.claimedBy != null && { claimedBy: doc.claimedBy }),
    ...(doc.claimedUntil != null && { claimedUntil: iso(doc.claimedUntil) }),
    createdAt: iso(doc.createdAt),
    ...(doc.sentAt != null && { sentAt: iso(doc.sentAt) }),
  };
}

/**
 * Indexes: `{ dedupeKey: 1 }` unique+sparse, `{ status: 1, priority: -1, nextAttemptAt: 1 }`
 * (mongo-store.ts).
 */
/** A new pending message: the outbox's own `enqueue`, and the email placed with an order. */
export function outboxDoc(input: OutboxMessageInput, now: string): OutboxDoc {
  return {
    _id: new ObjectId(),
    ...(input.dedupeKey !== undefined && { dedupeKey: input.dedupeKey }),
    kind: input.kind,
    ...(input.orderId !== undefined && { orderId: input.orderId }),
    to: input.to,
    subject: input.subject,
    html: input.html,
    text: input.text,
    ...(input.bodySource !== undefined && { bodySource: input.bodySource }),
    attachments: input.attachments ?? [],
    priority: input.priority ?? MAIL_PRIORITY.bulk,
    status: 'pending',
    attempts: 0,
    nextAttemptAt: new Date(now),
    createdAt: new Date(now),
  };
}

export function mongoOutboxRepo(outbox: Collection<OutboxDoc>): OutboxRepo {
  const settle = (id: string, workerId: string, update: Partial<OutboxDoc>) => {
    const _id = toObjectId(id);
    if (!_id) return Promise.resolve(false);
    return outbox
      .updateOne(
        { _id, claimedBy: workerId, status: 'pending' },
        { $set: { ...update, claimedBy: null, claimedUntil: null } },
      )
      .then((result) => result.modifiedCount === 1);
  };
  return {
    async enqueue(input, now) {
      const doc = outboxDoc(input, now);
      try {
        await outbox.insertOne(doc);
        return { message: toMessage(doc), created: true };
      } catch (error) {
        if (!isDuplicateKey(error)) throw error;
        const first = await outbox.findOne({ dedupeKey: input.dedupeKey });
        if (!first) throw error;
        return { message: toMessage(first), created: false };
      }
    },
    async claim(workerId, now, leaseMs, limit) {
      const at = new Date(now);
      const due: Filter<OutboxDoc> = {
        status: 'pending',
        nextAttemptAt: { $lte: at },
        $or: [{ claimedUntil: null }, { claimedUntil: { $lt: at } }],
      };
      const claimed: OutboxMessage[] = [];
      // findOneAndUpdate is atomic per document: a message goes to exactly one sender.
      while (claimed.length < limit) {
        const doc = await outbox.findOneAndUpdate(
          due,
          {
            $set: { claimedBy: workerId, claimedUntil: new Date(at.getTime() + leaseMs) },
            $inc: { attempts: 1 },
          },
          { sort: { priority: -1, nextAttemptAt: 1, _id: 1 }, returnDocument: 'after' },
        );
        if (!doc) break;
        claimed.push(toMessage(doc));
      }
      return claimed;
    },
    markSent(id, workerId, at) {
      return settle(id, workerId, { status: 'sent', sentAt: new Date(at) });
    },
    markFailed(id, workerId, error, retryAt) {
      return settle(id, workerId, {
        status: retryAt === null ? 'failed' : 'pending',
        lastError: error.slice(0, 2000),
        ...(retryAt !== null && { nextAttemptAt: new Date(retryAt) }),
      });
    },
    async retry(id, now) {
      const _id = toObjectId(id);
      if (!_id) return null;
      const doc = await outbox.findOneAndUpdate(
        { _id, status: 'failed' },
        {
          $set: {
            status: 'pending',
            attempts: 0,
            nextAttemptAt: new Date(now),
            claimedBy: null,
            claimedUntil: null,
          },
        },
        { returnDocument: 'after' },
      );
      if (doc) return toMessage(doc);
      return (await outbox.countDocuments({ _id }, { limit: 1 })) ? 'NOT_FAILED' : null;
    },
    async get(id) {
      const _id = toObjectId(id);
      const doc = _id && (await outbox.findOne({ _id }));
      return doc ? toMessage(doc) : null;
    },
    async list({ status, offset, limit }) {
      const filter: Filter<OutboxDoc> = status ? { status } : {};
      const [docs, total] = await Promise.all([
        outbox.find(filter).sort({ _id: -1 }).skip(offset).limit(limit).toArray(),
        outbox.countDocuments(filter),
      ]);
      return { items: docs.map(toMessage), total };
    },
  };
}
