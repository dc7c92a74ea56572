import type { Collection, MongoClient } from 'mongodb';
import { formatInvoiceNumber, type InvoiceRecord, type InvoicesRepo } from '../store.js';
import { isDuplicateKey } from './ids.js';

export interface InvoiceDoc {
  _id: string;
  number: string;
  year: number;
  seq: number;
  paidAt: string;
  issuedAt: string;
}

export interface CounterDoc {
  _id: string;
  seq: number;
}

const toInvoice = ({ _id, ...rest }: InvoiceDoc): InvoiceRecord => ({ orderId: _id, ...rest });

/**
 * The invoice's _id is the order id (one invoice per order). The counter bump and the insert run
 * in one transaction (MongoDB needs a replica set for that, which DESIGN.md asks for): a failed
 * insert rolls the counter back, so the sequence has no gaps.
 */
export function mongoInvoicesRepo(
  client: MongoClient,
  invoices: Collection<InvoiceDoc>,
  counters: Collection<CounterDoc>,
): InvoicesRepo {
  return {
    async assign(orderId, paidAt) {
      const existing = await invoices.findOne({ _id: orderId });
      if (existing) return toInvoice(existing);
      const session = client.startSession();
      try {
        let created: InvoiceDoc | undefined;
        await session.withTransaction(async () => {
          const year = new Date(paidAt).getUTCFullYear();
          const counter = await counters.findOneAndUpdate(
            { _id: `invoice-${year}` },
            { $inc: { seq: 1 } },
            { upsert: true, returnDocument: 'after', session },
          );
          const seq = counter?.seq ?? 1;
          created = {
            _id: orderId,
            number: formatInvoiceNumber(year, seq),
            year,
            seq,
            paidAt,
            issuedAt: new Date().toISOString(),
          };
          await invoices.insertOne(created, { session });
        });
        if (!created) throw new Error('invoice transaction did not commit');
        return toInvoice(created);
      } catch (error) {
        // Another instance numbered this order first: its invoice stands.
        if (!isDuplicateKey(error)) throw error;
        const first = await invoices.findOne({ _id: orderId });
        if (!first) throw error;
        return toInvoice(first);
      } finally {
        await session.endSession();
      }
    },
    async get(orderId) {
      const doc = await invoices.findOne({ _id: orderId });
      return doc ? toInvoice(doc) : null;
    },
  };
}
