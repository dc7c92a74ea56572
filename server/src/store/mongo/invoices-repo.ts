import type { ClientSession, Collection, MongoClient } from 'mongodb';
import {
  formatCreditNoteNumber,
  formatInvoiceNumber,
  type CreditNoteRecord,
  type CreditNoteSnapshot,
  type CreditNotesRepo,
  type InvoiceRecord,
  type InvoiceSnapshot,
  type InvoicesRepo,
  type InvoiceTerms,
  type NewInvoicePayment,
} from '../store.js';
import { isDuplicateKey } from './ids.js';
import { inTransaction } from './transactions.js';

export interface InvoiceDoc {
  _id: string;
  number: string;
  year: number;
  seq: number;
  paidAt: string;
  issuedAt: string;
  /** Absent on invoices issued before issue 23 until they are frozen. */
  snapshot?: InvoiceSnapshot;
  /** Issued on payment terms (terms-invoices.ts): the company, terms, due date and money. */
  companyId?: string;
  paymentTerms?: InvoiceTerms['paymentTerms'];
  dueDate?: string;
  totalCents?: number;
  paidCents?: number;
  /** Issue 53: what credits against it took off, kept with it by the refunds repo. */
  creditedCents?: number;
  payments?: (NewInvoicePayment & { _id: string })[];
}

/**
 * `_id` is the order's id for a credit note of a whole refund from before issue 53, the refund's
 * id since (with `orderId` and `refundId` beside it).
 */
export interface CreditNoteDoc {
  _id: string;
  orderId?: string;
  refundId?: string;
  number: string;
  year: number;
  seq: number;
  issuedAt: string;
  snapshot: CreditNoteSnapshot;
}

export interface CounterDoc {
  _id: string;
  seq: number;
}

const toInvoice = (doc: InvoiceDoc): InvoiceRecord => ({
  orderId: doc._id,
  number: doc.number,
  year: doc.year,
  seq: doc.seq,
  paidAt: doc.paidAt,
  issuedAt: doc.issuedAt,
  ...(doc.snapshot && { snapshot: doc.snapshot }),
});
const toCreditNote = ({ _id, orderId, ...rest }: CreditNoteDoc): CreditNoteRecord => ({
  orderId: orderId ?? _id,
  ...rest,
});

const ofOrder = (orderId: string) => ({
  $or: [{ _id: orderId, refundId: { $exists: false } }, { orderId }],
});

/**
 * Numbers a document once per order: the counter bump and the insert run in one transaction
 * (MongoDB needs a replica set for that: decision 008), so a failed insert rolls the
 * counter back and the sequence has no gaps. A duplicate key means another instance numbered
 * this order first: its document stands.
 */
async function numberOnce<Doc>(
  client: MongoClient,
  counters: Collection<CounterDoc>,
  counterId: string,
  insert: (seq: number, session: ClientSession) => Promise<Doc>,
  first: () => Promise<Doc | null>,
): Promise<Doc> {
  try {
    return await inTransaction(client, async (session) => {
      const counter = await counters.findOneAndUpdate(
        { _id: counterId },
        { $inc: { seq: 1 } },
        { upsert: true, returnDocument: 'after', session },
      );
      return insert(counter?.seq ?? 1, session);
    });
  } catch (error) {
    if (!isDuplicateKey(error)) throw error;
    const winner = await first();
    if (!winner) throw error;
    return winner;
  }
}

/** The invoice's _id is the order id (one invoice per order); the snapshot goes in with it. */
export function mongoInvoicesRepo(
  client: MongoClient,
  invoices: Collection<InvoiceDoc>,
  counters: Collection<CounterDoc>,
  terms: Pick<InvoicesRepo, 'listOnTerms' | 'getOnTerms' | 'recordPayment' | 'sendReminders'>,
): InvoicesRepo {
  return {
    ...terms,
    async assign(orderId, paidAt, snapshot, issuedAt) {
      const existing = await invoices.findOne({ _id: orderId });
      if (existing) {
        if (existing.snapshot) return toInvoice(existing);
        // An invoice from before snapshots is frozen once, by whichever caller comes first.
        await invoices.updateOne(
          { _id: orderId, snapshot: { $exists: false } },
          { $set: { snapshot } },
        );
        const frozen = await invoices.findOne({ _id: orderId });
        return toInvoice(frozen ?? existing);
      }
      const year = new Date(paidAt).getUTCFullYear();
      const doc = await numberOnce(
        client,
        counters,
        `invoice-${year}`,
        async (seq, session) => {
          const created: InvoiceDoc = {
            _id: orderId,
            number: formatInvoiceNumber(year, seq),
            year,
            seq,
            paidAt,
            issuedAt,
            snapshot,
          };
          await invoices.insertOne(created, { session });
          return created;
        },
        () => invoices.findOne({ _id: orderId }),
      );
      return toInvoice(doc);
    },
    async get(orderId) {
      const doc = await invoices.findOne({ _id: orderId });
      return doc ? toInvoice(doc) : null;
    },
  };
}

/** As invoices: counters `credit-note-<year>`; one note per refund (or per order, before 53). */
export function mongoCreditNotesRepo(
  client: MongoClient,
  notes: Collection<CreditNoteDoc>,
  counters: Collection<CounterDoc>,
): CreditNotesRepo {
  return {
    async issue(orderId, snapshot, issuedAt, refundId) {
      const _id = refundId ?? orderId;
      const existing = await notes.findOne({ _id });
      if (existing) return toCreditNote(existing);
      const year = new Date(snapshot.refundedAt).getUTCFullYear();
      const doc = await numberOnce(
        client,
        counters,
        `credit-note-${year}`,
        async (seq, session) => {
          const created: CreditNoteDoc = {
            _id,
            ...(refundId && { orderId, refundId }),
            number: formatCreditNoteNumber(year, seq),
            year,
            seq,
            issuedAt,
            snapshot,
          };
          await notes.insertOne(created, { session });
          return created;
        },
        () => notes.findOne({ _id }),
      );
      return toCreditNote(doc);
    },
    async get(orderId) {
      const doc = await notes.findOne(ofOrder(orderId), { sort: { year: -1, seq: -1 } });
      return doc ? toCreditNote(doc) : null;
    },
    async listByOrder(orderId) {
      return (await notes.find(ofOrder(orderId)).sort({ year: 1, seq: 1 }).toArray()).map(
        toCreditNote,
      );
    },
    async getByNumber(number) {
      const doc = await notes.findOne({ number });
      return doc ? toCreditNote(doc) : null;
    },
  };
}
