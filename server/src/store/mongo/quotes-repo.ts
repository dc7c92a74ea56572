import { ObjectId, type Collection } from 'mongodb';
import type {
  QuoteChange,
  QuoteLineRecord,
  QuoteRecord,
  QuotesRepo,
  QuoteStoredStatus,
} from '../store.js';
import { iso, toObjectId } from './ids.js';

export interface QuoteDoc {
  _id: ObjectId;
  number: number;
  status: QuoteStoredStatus;
  items: QuoteLineRecord[];
  userName: string;
  userEmail: string;
  userPhone: string;
  userAddress: string;
  requestedDeliveryDate?: string;
  message: string;
  validUntil?: string;
  declineReason?: string;
  /** Absent on quotes stored before versions: read as 0. */
  version?: number;
  offerNote?: string;
  orderId?: string;
  createdAt: Date;
  updatedAt: Date;
}

/** One document per sequence (`_id: 'quotes'`), bumped atomically with $inc. */
export interface CounterDoc {
  _id: string;
  seq: number;
}

const FIRST_NUMBER = 100001;
const ANSWERABLE: QuoteStoredStatus[] = ['requested', 'offered'];

function toQuoteRecord(doc: QuoteDoc): QuoteRecord {
  const { _id, createdAt, updatedAt, version, ...rest } = doc;
  return {
    _id: _id.toHexString(),
    ...rest,
    version: version ?? 0,
    createdAt: iso(createdAt),
    updatedAt: iso(updatedAt),
  };
}

export function mongoQuotesRepo(
  quotes: Collection<QuoteDoc>,
  counters: Collection<CounterDoc>,
): QuotesRepo {
  const getDoc = (id: string) => {
    const _id = toObjectId(id);
    return _id ? quotes.findOne({ _id }) : Promise.resolve(null);
  };
  const changed = async (id: string, doc: QuoteDoc | null): Promise<QuoteChange> => {
    if (doc) return toQuoteRecord(doc);
    return (await getDoc(id)) ? 'WRONG_STATUS' : 'NOT_FOUND';
  };

  return {
    async create(input) {
      const counter = await counters.findOneAndUpdate(
        { _id: 'quotes' },
        { $inc: { seq: 1 } },
        { upsert: true, returnDocument: 'after' },
      );
      const now = new Date();
      const doc: QuoteDoc = {
        _id: new ObjectId(),
        number: FIRST_NUMBER - 1 + (counter?.seq ?? 1),
        status: 'requested',
        items: input.items,
        userName: input.userName,
        userEmail: input.userEmail.toLowerCase(),
        userPhone: input.userPhone,
        userAddress: input.userAddress,
        ...(input.requestedDeliveryDate && { requestedDeliveryDate: input.requestedDeliveryDate }),
        message: input.message,
        createdAt: now,
        updatedAt: now,
      };
      await quotes.insertOne(doc);
      return toQuoteRecord(doc);
    },
    async get(id) {
      const doc = await getDoc(id);
      return doc ? toQuoteRecord(doc) : null;
    },
    async listByEmail(email) {
      const docs = quotes.find({ userEmail: email.toLowerCase() }).sort({ number: -1 });
      return (await docs.toArray()).map(toQuoteRecord);
    },
    async list(status) {
      const docs = await quotes
        .find(status ? { status } : {})
        .sort({ number: -1 })
        .toArray();
      return docs.map(toQuoteRecord);
    },
    async offer(id, { unitPrices, validUntil, note }) {
      const current = await getDoc(id);
      if (!current) return 'NOT_FOUND';
      const items = current.items.map((line) => ({
        ...line,
        unitPriceCents: unitPrices[line.toolId] ?? line.unitPriceCents,
      }));
      // Conditional on the status, so an offer never lands on a declined or accepted quote; the
      // version moves in the same update, so an acceptance of the previous offer fails (an
      // acceptance in flight conflicts with this write and is retried by its transaction).
      const doc = await quotes.findOneAndUpdate(
        { _id: current._id, status: { $in: ANSWERABLE } },
        {
          $set: {
            status: 'offered',
            items,
            validUntil,
            updatedAt: new Date(),
            ...(note !== undefined && { offerNote: note }),
          },
          $inc: { version: 1 },
          $unset: { declineReason: '', ...(note === undefined && { offerNote: '' }) },
        },
        { returnDocument: 'after' },
      );
      return changed(id, doc);
    },
    async decline(id, reason) {
      const _id = toObjectId(id);
      if (!_id) return 'NOT_FOUND';
      const doc = await quotes.findOneAndUpdate(
        { _id, status: { $in: ANSWERABLE } },
        { $set: { status: 'declined', declineReason: reason, updatedAt: new Date() } },
        { returnDocument: 'after' },
      );
      return changed(id, doc);
    },
  };
}
