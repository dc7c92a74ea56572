import { ObjectId, type ClientSession, type Collection, type MongoClient } from 'mongodb';
import { OPEN_STATUSES } from '../../domain/order-status.js';
import {
  REMINDER_STAGES,
  remindersDue,
  termsCheck,
  type ReminderStage,
} from '../../domain/terms.js';
import {
  formatInvoiceNumber,
  type InvoicePaymentRecord,
  type InvoiceRecord,
  type InvoicesRepo,
  type OrderRecord,
  type PayOnInvoice,
  type TermsInvoiceRecord,
  type TermsRefusal,
} from '../store.js';
import { refuse } from '../refusal.js';
import type { CompanyDoc, MemberDoc } from './companies-repo.js';
import { toObjectId } from './ids.js';
import type { CounterDoc, InvoiceDoc } from './invoices-repo.js';
import type { OrderDoc } from './order-docs.js';
import { outboxDoc, type OutboxDoc } from './outbox-repo.js';
import { termsInvoiceSnapshot } from '../../domain/invoice-snapshot.js';
import { invoiceReminderMail } from '../../domain/invoice-reminder.js';
import { inTransaction } from './transactions.js';

/** `_id` is `<invoice number>:<stage>`: the unique key that lets each reminder go out once. */
export interface ReminderDoc {
  _id: string;
  sentAt: string;
}

export interface TermsCollections {
  invoices: Collection<InvoiceDoc>;
  counters: Collection<CounterDoc>;
  companies: Collection<CompanyDoc>;
  members: Collection<MemberDoc>;
  orders: Collection<OrderDoc>;
  outbox: Collection<OutboxDoc>;
  reminders: Collection<ReminderDoc>;
}

type TermsDoc = InvoiceDoc & Required<Pick<InvoiceDoc, 'companyId' | 'paymentTerms' | 'dueDate'>>;

const toTerms = (doc: TermsDoc): TermsInvoiceRecord => ({
  orderId: doc._id,
  number: doc.number,
  year: doc.year,
  seq: doc.seq,
  paidAt: doc.paidAt,
  issuedAt: doc.issuedAt,
  ...(doc.snapshot && { snapshot: doc.snapshot }),
  companyId: doc.companyId,
  paymentTerms: doc.paymentTerms,
  dueDate: doc.dueDate,
  totalCents: doc.totalCents ?? 0,
  paidCents: doc.paidCents ?? 0,
  ...(doc.creditedCents && { creditedCents: doc.creditedCents }),
  payments: (doc.payments ?? []).map((p): InvoicePaymentRecord => ({ ...p })),
});

/**
 * The MongoDB side of invoices on terms (see sqlite/terms-invoices.ts for the rules). Payments
 * are embedded in their invoice with a running `paidCents`, so "never above the balance" is one
 * conditional update. The credit check reads the company's invoices in the order's transaction
 * and writes the company and member documents there: a concurrent placement on the same
 * company, or the member's removal, then conflicts with it and is retried, seeing this one
 * (snapshot reads alone would let both pass).
 */
export function mongoTermsInvoices(client: MongoClient, c: TermsCollections) {
  const termsInvoiceFilter = { companyId: { $exists: true } };

  async function confirmInSession(
    order: OrderRecord,
    payOnInvoice: PayOnInvoice,
    session: ClientSession,
  ): Promise<TermsRefusal | { ok: true; invoice: InvoiceRecord; order: OrderRecord } | null> {
    const member = await c.members.findOneAndUpdate(
      { _id: order.userEmail, companyId: payOnInvoice.companyId },
      { $set: { lastTermsOrderAt: new Date(payOnInvoice.now) } },
      { session },
    );
    const companyId = toObjectId(payOnInvoice.companyId);
    const company =
      member && companyId
        ? await c.companies.findOneAndUpdate(
            { _id: companyId },
            { $inc: { termsVersion: 1 } },
            { session, returnDocument: 'after' },
          )
        : null;
    const [owed] = await c.invoices
      .aggregate<{ cents: number }>(
        [
          { $match: { companyId: payOnInvoice.companyId } },
          {
            $group: {
              _id: null,
              cents: {
                $sum: {
                  $subtract: [
                    '$totalCents',
                    { $add: [{ $ifNull: ['$paidCents', 0] }, { $ifNull: ['$creditedCents', 0] }] },
                  ],
                },
              },
            },
          },
        ],
        { session },
      )
      .toArray();
    const check = termsCheck({
      company,
      owedCents: owed?.cents ?? 0,
      orderCents: order.priceCents,
      now: payOnInvoice.now,
    });
    if (!check.ok) return check;
    const confirmedDoc = await c.orders.findOneAndUpdate(
      {
        _id: new ObjectId(order._id), // awaiting_approval: the approvals slice's status, confirmed here once approved.
        status: { $in: [...OPEN_STATUSES] },
      },
      {
        $set: { status: 'confirmed', paymentMethod: 'invoice', isPaid: false },
        $unset: { expiresAt: '' },
      },
      { session, returnDocument: 'after' },
    );
    if (!confirmedDoc) return null;
    const { terms } = check;
    const confirmed: OrderRecord = {
      ...order,
      status: 'confirmed',
      paymentMethod: 'invoice',
      isPaid: false,
    };
    delete confirmed.expiresAt;
    const snapshot = termsInvoiceSnapshot(confirmed, terms, payOnInvoice.parties, payOnInvoice.now);
    const year = new Date(payOnInvoice.now).getUTCFullYear();
    const counter = await c.counters.findOneAndUpdate(
      { _id: `invoice-${year}` },
      { $inc: { seq: 1 } },
      { upsert: true, returnDocument: 'after', session },
    );
    const seq = counter?.seq ?? 1;
    const doc: TermsDoc = {
      _id: order._id,
      number: formatInvoiceNumber(year, seq),
      year,
      seq,
      paidAt: payOnInvoice.now,
      issuedAt: payOnInvoice.now,
      snapshot,
      companyId: payOnInvoice.companyId,
      paymentTerms: terms.paymentTerms,
      dueDate: terms.dueDate,
      totalCents: order.priceCents,
      paidCents: 0,
      payments: [],
    };
    await c.invoices.insertOne(doc, { session });
    const { paidCents: _p, payments: _ps, ...invoice } = toTerms(doc);
    return { ok: true, invoice, order: confirmed };
  }

  const repo: Pick<InvoicesRepo, 'listOnTerms' | 'getOnTerms' | 'recordPayment' | 'sendReminders'> =
    {
      async listOnTerms({ companyId }) {
        const docs = await c.invoices
          .find(companyId ? { companyId } : termsInvoiceFilter)
          .sort({ dueDate: 1, seq: 1 })
          .toArray();
        return (docs as TermsDoc[]).map(toTerms);
      },
      async getOnTerms(number) {
        const doc = await c.invoices.findOne({ number, ...termsInvoiceFilter });
        return doc ? toTerms(doc as TermsDoc) : null;
      },
      async recordPayment(number, payment) {
        return inTransaction(client, async (session) => {
          const before = await c.invoices.findOne({ number, ...termsInvoiceFilter }, { session });
          if (!before) return { outcome: 'NOT_FOUND' as const };
          // The browser and the webhook both report a card payment: it is recorded once (two
          // at once both write this document, so the later transaction retries and sees it).
          if (
            payment.method === 'card' &&
            (before.payments ?? []).some(
              (p) => p.method === 'card' && p.reference === payment.reference,
            )
          )
            return { outcome: 'ALREADY_RECORDED' as const, invoice: toTerms(before as TermsDoc) };
          const balanceCents =
            (before.totalCents ?? 0) - (before.paidCents ?? 0) - (before.creditedCents ?? 0);
          const entry = { _id: new ObjectId().toHexString(), ...payment };
          const after = await c.invoices.findOneAndUpdate(
            {
              number,
              $expr: {
                $lte: [
                  {
                    $add: [
                      { $ifNull: ['$paidCents', 0] },
                      { $ifNull: ['$creditedCents', 0] },
                      payment.amountCents,
                    ],
                  },
                  '$totalCents',
                ],
              },
            },
            { $push: { payments: entry }, $inc: { paidCents: payment.amountCents } },
            { session, returnDocument: 'after' },
          );
          if (!after) return { outcome: 'OVER_BALANCE' as const, balanceCents };
          if (after.paidCents === after.totalCents) {
            const orderId = new ObjectId(after._id);
            const order = await c.orders.findOne(
              { _id: orderId, paymentMethod: 'invoice' },
              { session },
            );
            if (order)
              await c.orders.updateOne(
                { _id: orderId },
                {
                  $set: {
                    isPaid: true,
                    paidAt: new Date(payment.recordedAt),
                    ...(order.status === 'confirmed' && { status: 'paid' as const }),
                    ...(!order.transactionId && { transactionId: payment.reference }),
                  },
                },
                { session },
              );
          }
          return { outcome: 'RECORDED' as const, invoice: toTerms(after as TermsDoc) };
        });
      },
      async sendReminders(today, now) {
        const due = (await c.invoices
          .find({
            ...termsInvoiceFilter,
            dueDate: { $lte: today },
            $expr: {
              $lt: [
                { $add: [{ $ifNull: ['$paidCents', 0] }, { $ifNull: ['$creditedCents', 0] }] },
                '$totalCents',
              ],
            },
          })
          .toArray()) as TermsDoc[];
        let mailed = 0;
        for (const doc of due) {
          const key = (stage: ReminderStage) => `${doc.number}:${stage}`;
          const sent = await inTransaction(client, async (session) => {
            const recorded = await c.reminders
              .find({ _id: { $in: REMINDER_STAGES.map(key) } }, { session })
              .toArray();
            const { record, mail: stage } = remindersDue(
              doc.dueDate,
              today,
              recorded.map((r) => Number(r._id.slice(doc.number.length + 1)) as ReminderStage),
            );
            if (stage === null) return false;
            // The mailed stage's key is unique: a second instance's insert fails, and its
            // transaction (its email with it) is dropped, so each reminder is queued once.
            const claimed = await c.reminders
              .insertOne({ _id: key(stage), sentAt: now }, { session })
              .then(
                () => true,
                () => false,
              );
            if (!claimed) return refuse(false);
            for (const earlier of record.filter((s) => s !== stage))
              await c.reminders.updateOne(
                { _id: key(earlier) },
                { $setOnInsert: { sentAt: now } },
                { upsert: true, session },
              );
            const members = await c.members
              .find({ companyId: doc.companyId }, { session, projection: { role: 1 } })
              .toArray();
            const messages = invoiceReminderMail(
              toTerms(doc),
              stage,
              today,
              members.map((m) => ({ email: m._id, role: m.role })),
            );
            if (messages.length)
              await c.outbox.insertMany(
                messages.map((message) => outboxDoc(message, now)),
                { session },
              );
            return true;
          });
          if (sent) mailed += 1;
        }
        return mailed;
      },
    };
  return { confirmInSession, repo };
}
