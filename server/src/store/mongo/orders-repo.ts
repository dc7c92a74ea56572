import { ObjectId, type ClientSession, type Collection, type MongoClient } from 'mongodb';
import type {
  CancelOrderResult,
  DecisionResult,
  ConfirmOnTermsResult,
  FailedLine,
  InvoiceRecord,
  MarkPaidResult,
  OrderRecord,
  OrdersRepo,
  PlaceOrderResult,
} from '../store.js';
import {
  OPEN_STATUSES,
  PAID_STATUSES,
  PAYABLE_STATUSES,
  UNSPENT_STATUSES,
} from '../../domain/order-status.js';
import { toObjectId } from './ids.js';
import { orderFilter } from './order-filter.js';
import { toOrderRecord, type CounterDoc, type OrderDoc, type OrderLineDoc } from './order-docs.js';
import { refuse } from '../refusal.js';
import { inTransaction } from './transactions.js';
import type { ToolDoc } from './tools-repo.js';
import type { CartItemDoc } from './carts-repo.js';
import { mongoOrderFulfilment } from './order-fulfilment.js';
import { mongoOrderShipments } from './order-shipments.js';
import { mongoStockMoves } from './stock-moves.js';
import { outboxDoc, type OutboxDoc } from './outbox-repo.js';
import type { UserDoc } from './users-repo.js';
import type { ReviewDoc } from './review-docs.js';
import type { ProfileDoc } from './profiles-repo.js';
import { mongoReviewVerification } from './review-verification.js';
import type { QuoteDoc } from './quotes-repo.js';
import type { CompanyDoc, MemberDoc } from './companies-repo.js';
import type { mongoTermsInvoices } from './terms-invoices.js';
import {
  cartAgainst,
  idempotencyCutoff,
  idempotencyDecision,
  IDEMPOTENCY_KEY_HOURS,
  type IdempotencyClaim,
} from '../../domain/repeat-requests.js';
import { failedLine, planLines, type ToolFacts } from '../../domain/order-lines.js';
import { placedOrderTax } from '../../domain/order-tax.js';
import { DEFAULT_TAX_CLASS } from '@toolworks/contract/tax';
import { placedOrderMail } from '../../domain/order-mail.js';
import {
  countsMonth,
  monthStart,
  needsApproval,
  placedState,
} from '../../domain/spending-limits.js';

export { type OrderDoc } from './order-docs.js';

/** One used key: `_id` is the buyer's email, the scope and the key, so a key is claimed once. */
export interface IdempotencyKeyDoc {
  _id: string;
  fingerprint: string;
  orderId: ObjectId;
  createdAt: Date;
}

/** The TTL index's age (mongo-store.ts): the lookup also filters by age, as TTL runs each minute. */
export const IDEMPOTENCY_KEY_SECONDS = IDEMPOTENCY_KEY_HOURS * 3600;

const keyId = (email: string, claim: Pick<IdempotencyClaim, 'scope' | 'key'>) =>
  `${claim.scope}\n${email}\n${claim.key}`;

/** Order numbers are 100000 + the `orders` counter, which `$inc` moves atomically. */
export const ORDER_NUMBER_BASE = 100000;

interface Collections {
  orders: Collection<OrderDoc>;
  tools: Collection<ToolDoc>;
  counters: Collection<CounterDoc>;
  carts: Collection<CartItemDoc>;
  outbox: Collection<OutboxDoc>;
  users: Collection<UserDoc>;
  reviews: Collection<ReviewDoc>;
  profiles: Collection<ProfileDoc>;
  quotes: Collection<QuoteDoc>;
  members: Collection<MemberDoc>;
  idempotencyKeys: Collection<IdempotencyKeyDoc>;
  companies: Collection<CompanyDoc>;
  terms: ReturnType<typeof mongoTermsInvoices>;
}

/** What placing reads of a tool. */
const toolFacts = (tool: ToolDoc): ToolFacts => ({
  name: tool.name,
  sku: tool.sku,
  category: tool.category,
  priceCents: tool.priceCents,
  priceTiers: tool.priceTiers ?? [],
  minimumOrderQuantity: tool.MinimumOrderQuantity,
  availableQuantity: tool.availableQuantity,
  allowBackorders: tool.allowBackorders ?? false,
  leadTimeDays: tool.leadTimeDays ?? null,
  incomingStock: tool.incomingStock ?? [],
  unit: tool.unit ?? 'C62',
  packSize: tool.packSize ?? 1,
  orderMultiple: tool.orderMultiple ?? 1,
  priceBasis: tool.priceBasis ?? 1,
  taxClass: tool.taxClass ?? DEFAULT_TAX_CLASS,
});

export function mongoOrdersRepo(client: MongoClient, c: Collections): OrdersRepo {
  const { orders, tools, counters, carts, outbox, users, quotes, members, idempotencyKeys } = c;
  const shipments = mongoOrderShipments(client, orders, tools);
  /**
   * Live unpaid orders. Those awaiting approval are not the buyer's to pay yet (they expire on
   * their own after the approval window): five of them blocked a buyer from ordering.
   */
  const openOrders = (email: string, now: Date) => ({
    userEmail: email,
    status: 'unpaid' as const,
    expiresAt: { $gt: now },
  });
  /** Cents of the buyer's orders since the month (UTC) of `now` began, unspent ones aside. */
  const spentSince = async (email: string, now: string, session?: ClientSession) => {
    const [spent] = await orders
      .aggregate<{ cents: number }>(
        [
          {
            $match: {
              userEmail: email,
              createdAt: { $gte: new Date(monthStart(now)) },
              status: { $nin: [...UNSPENT_STATUSES] },
            },
          },
          { $group: { _id: null, cents: { $sum: '$priceCents' } } },
        ],
        session ? { session } : {},
      )
      .toArray();
    return spent?.cents ?? 0;
  };
  /** The decision's conditional update, then the stock back for a rejection, in one transaction. */
  const decide = async (
    id: string,
    update: { $set: Partial<OrderDoc>; $unset?: Record<string, ''> },
    release: boolean,
  ): Promise<DecisionResult | null> => {
    const _id = toObjectId(id);
    if (!_id) return null;
    return inTransaction(client, async (session): Promise<DecisionResult | null> => {
      const decided = await orders.findOneAndUpdate({ _id, status: 'awaiting_approval' }, update, {
        session,
        returnDocument: 'after',
      });
      if (decided) {
        if (release) await releaseAll(decided, session);
        return { outcome: 'DONE', order: toOrderRecord(decided) };
      }
      const doc = await orders.findOne({ _id }, { session });
      return doc ? { outcome: 'NOT_AWAITING', order: toOrderRecord(doc) } : null;
    });
  };
  const verifyReviews = mongoReviewVerification(c.reviews, tools, orders, users);
  /** The order a key placed within the last day (TTL removes older keys within a minute). */
  const keyed = async (
    email: string,
    claim: Pick<IdempotencyClaim, 'scope' | 'key'>,
    now: string,
    session?: ClientSession,
  ) => {
    const found = await idempotencyKeys.findOne(
      { _id: keyId(email, claim), createdAt: { $gte: new Date(idempotencyCutoff(now)) } },
      { session },
    );
    const doc = found && (await orders.findOne({ _id: found.orderId }, { session }));
    return doc ? { fingerprint: found.fingerprint, order: toOrderRecord(doc) } : null;
  };
  const getDoc = (id: string, session?: ClientSession) => {
    const _id = toObjectId(id);
    return _id ? orders.findOne({ _id }, { session }) : Promise.resolve(null);
  };
  const stock = mongoStockMoves(tools);
  /** Holds every line's units, in the caller's transaction; the short lines if any. */
  const reserveAll = async (items: OrderLineDoc[], session: ClientSession) => {
    const short: FailedLine[] = [];
    for (const line of items) {
      if (!(await stock.take(line, session))) {
        const tool = await tools.findOne({ _id: line.toolId }, { session });
        short.push(
          failedLine(
            { toolId: line.toolId.toHexString(), quantity: line.quantity },
            tool ? toolFacts(tool) : undefined,
          ),
        );
      }
    }
    return short;
  };
  const releaseAll = async (doc: OrderDoc, session: ClientSession) => {
    for (const line of doc.items) await stock.give(line, session);
  };
  const endUnpaid = (
    id: ObjectId,
    status: 'cancelled' | 'expired',
    now: Date,
    s: ClientSession,
    from: 'unpaid' | 'awaiting_approval' = 'unpaid',
  ) =>
    orders.findOneAndUpdate(
      { _id: id, status: from },
      { $set: { status, iscancelled: true, cancelledAt: now } },
      { session: s, returnDocument: 'after' },
    );

  /** Ends the orders in `from` whose time ran out by `at`, each with its stock returned. */
  const expireIn = async (from: 'unpaid' | 'awaiting_approval', at: Date) => {
    const due = await orders
      .find({ status: from, expiresAt: { $lte: at } }, { projection: { _id: 1 } })
      .toArray();
    const expired: OrderRecord[] = [];
    // One transaction per order: another instance expiring the same order finds it done.
    for (const { _id } of due) {
      const doc = await inTransaction(client, async (session) => {
        const ended = await endUnpaid(_id, 'expired', at, session, from);
        if (ended) await releaseAll(ended, session);
        return ended;
      });
      if (doc) expired.push(toOrderRecord(doc));
    }
    return expired;
  };

  return {
    async place(input): Promise<PlaceOrderResult> {
      const email = input.userEmail.toLowerCase();
      const now = new Date(input.now);
      const claim = input.idempotency;
      // Every refusal rolls back what the attempt wrote (the buyer's lastOrderAt, a quote's
      // acceptance, stock already held): a "no" commits nothing.
      return inTransaction(client, async (session): Promise<PlaceOrderResult> => {
        const result = await placeIn(session);
        return result.ok ? result : refuse(result);
      });
      async function placeIn(session: ClientSession): Promise<PlaceOrderResult> {
        // Read through a write to the buyer's document: a removal (which writes it too) racing
        // this order is then a write conflict, and the retried transaction sees the removal.
        const buyer = await users.findOneAndUpdate(
          { email },
          { $set: { lastOrderAt: now } },
          { session },
        );
        if (buyer?.removedAt) return { ok: false, reason: 'USER_REMOVED' };
        if (claim) {
          const recorded = await keyed(email, claim, input.now, session);
          const decision = idempotencyDecision(recorded, claim);
          if (decision === 'REUSED') return { ok: false, reason: 'IDEMPOTENCY_KEY_REUSED' };
          if (decision === 'REPLAY') return { ok: true, order: recorded!.order, replayed: true };
        }
        if (input.fromCart) {
          const cartNow = await carts
            .find({ userEmail: email }, { session, projection: { toolId: 1, quantity: 1 } })
            .toArray();
          // A deleted tool's line stays in the collection (the cart's reads skip it): skipped here
          // too, as SQLite's cascade removes it, and emptied with the rest below.
          const sold = new Set(
            (
              await tools
                .find(
                  { _id: { $in: cartNow.map((line) => line.toolId) } },
                  { session, projection: { _id: 1 } },
                )
                .toArray()
            ).map((tool) => tool._id.toHexString()),
          );
          const cart = cartAgainst(
            input.lines,
            cartNow
              .map((line) => ({ toolId: line.toolId.toHexString(), quantity: line.quantity }))
              .filter((line) => sold.has(line.toolId)),
          );
          if (cart !== 'SAME') return { ok: false, reason: `CART_${cart}` };
        }
        if (input.maxUnpaid !== undefined) {
          const unpaid = await orders.countDocuments(openOrders(email, now), { session });
          if (unpaid >= input.maxUnpaid) return { ok: false, reason: 'TOO_MANY_UNPAID', unpaid };
        }
        // A malformed id names no tool: TOOL_NOT_FOUND, as SQLite answers it.
        const oids = input.lines.flatMap((line) => toObjectId(line.toolId) ?? []);
        const found = await tools.find({ _id: { $in: oids } }, { session }).toArray();
        const byId = new Map(found.map((tool) => [tool._id.toHexString(), toolFacts(tool)]));
        const plan = planLines(
          input.lines,
          byId,
          input.now.slice(0, 10),
          input.expectedTotalCents,
          input.pricing,
          input.tax,
        );
        if (!plan.ok) return plan;
        const { totalCents } = plan;
        const items: OrderLineDoc[] = plan.lines.map((line) => ({
          ...line,
          toolId: toObjectId(line.toolId) as ObjectId,
        }));
        // Two orders of one buyer are serialised by the write to their user document above, so
        // the month's sum read here counts the other one.
        const member = await members.findOne({ _id: email }, { session });
        const limits = member && {
          perOrderCents: member.spendingLimitPerOrderCents ?? null,
          perMonthCents: member.spendingLimitPerMonthCents ?? null,
        };
        const spent =
          limits && countsMonth(limits) ? await spentSince(email, input.now, session) : 0;
        const state = placedState({
          awaiting: needsApproval(limits, totalCents, spent),
          paymentMethod: input.payOnInvoice ? 'invoice' : 'card',
          expiresAt: input.expiresAt,
          ...(input.approvalExpiresAt !== undefined && {
            approvalExpiresAt: input.approvalExpiresAt,
          }),
        });
        const orderId = new ObjectId();
        if (input.quote) {
          // The acceptance's condition, in the order's transaction: the offer the buyer saw,
          // still open. Quotes stored before versions have none: version 0 matches those.
          const { id: quoteId, version, today } = input.quote;
          const accepted = await quotes.updateOne(
            {
              _id: toObjectId(quoteId) ?? new ObjectId(),
              status: 'offered',
              ...(version === 0
                ? { $or: [{ version: 0 }, { version: { $exists: false } }] }
                : { version }),
              validUntil: { $gte: today },
            },
            { $set: { status: 'accepted', orderId: orderId.toHexString(), updatedAt: now } },
            { session },
          );
          if (accepted.modifiedCount === 0) return { ok: false, reason: 'QUOTE_CHANGED' };
        }
        if (plan.unpromised.length)
          return { ok: false, reason: 'OUT_OF_STOCK', lines: plan.unpromised };
        const short = await reserveAll(items, session);
        if (short.length) return { ok: false, reason: 'OUT_OF_STOCK', lines: short };
        const counter = await counters.findOneAndUpdate(
          { _id: 'orders' },
          { $inc: { value: 1 } },
          { upsert: true, returnDocument: 'after', session },
        );
        const [first] = items as [OrderLineDoc];
        const tax = placedOrderTax(input.tax, plan.tax);
        const doc: OrderDoc = {
          _id: orderId,
          number: ORDER_NUMBER_BASE + (counter?.value ?? 1),
          status: state.status,
          items,
          toolId: first.toolId,
          name: first.name,
          unitPriceCents: first.unitPriceCents,
          priceCents: totalCents,
          ...(tax && { tax }),
          quantity: plan.quantity,
          userName: input.userName,
          userEmail: email,
          userPhone: input.userPhone,
          userAddress: input.userAddress,
          ...(input.poReference !== undefined && { poReference: input.poReference }),
          ...(input.quote && { quoteNumber: input.quote.number }),
          isPaid: false,
          iscancelled: false,
          ...(state.expiresAt !== undefined && { expiresAt: new Date(state.expiresAt) }),
          ...(member && { companyId: member.companyId }),
          paymentMethod: state.paymentMethod,
          createdAt: now,
        };
        await orders.insertOne(doc, { session });
        // The cart read above is this transaction's: a checkout racing this one conflicts here.
        if (input.fromCart) await carts.deleteMany({ userEmail: email }, { session });
        // A second attempt with the key, racing this one, conflicts on the key's _id.
        if (claim)
          await idempotencyKeys.insertOne(
            {
              _id: keyId(email, claim),
              fingerprint: claim.fingerprint,
              orderId,
              createdAt: now,
            },
            { session },
          );
        let order = toOrderRecord(doc);
        let invoice: InvoiceRecord | undefined;
        if (input.payOnInvoice && state.confirmOnTerms) {
          const confirmed = await c.terms.confirmInSession(order, input.payOnInvoice, session);
          if (!confirmed) throw new Error(`order ${order._id} changed inside its own placement`);
          if (!confirmed.ok) return refuse<PlaceOrderResult>(confirmed);
          order = confirmed.order;
          invoice = confirmed.invoice;
        }
        // A new order's dedupe keys are new: no duplicate-key error can abort the transaction.
        if (input.emailBuyer)
          await outbox.insertOne(outboxDoc(placedOrderMail(order, invoice), input.now), {
            session,
          });
        return { ok: true, order };
      }
    },
    async byIdempotencyKey(email, claim, now) {
      return keyed(email.toLowerCase(), claim, now);
    },
    async confirmOnTerms(id, payOnInvoice) {
      return inTransaction(client, async (session): Promise<ConfirmOnTermsResult> => {
        const doc = await getDoc(id, session);
        if (!doc) return { ok: false, reason: 'NOT_FOUND' };
        const confirmed = await c.terms.confirmInSession(toOrderRecord(doc), payOnInvoice, session);
        if (!confirmed)
          return refuse<ConfirmOnTermsResult>({ ok: false, reason: 'NOT_CONFIRMABLE' });
        if (!confirmed.ok) return refuse<ConfirmOnTermsResult>(confirmed);
        return confirmed;
      });
    },
    async get(id) {
      const doc = await getDoc(id);
      return doc ? toOrderRecord(doc) : null;
    },
    async listByEmail(email) {
      const docs = await orders
        .find({ userEmail: email.toLowerCase() })
        .sort({ _id: -1 })
        .toArray();
      return docs.map(toOrderRecord);
    },
    async list({ offset, limit, ...query }) {
      const filter = await orderFilter(query, c.profiles, c.companies);
      const [docs, total] = await Promise.all([
        orders.find(filter).sort({ _id: -1 }).skip(offset).limit(limit).toArray(),
        orders.countDocuments(filter),
      ]);
      return { items: docs.map(toOrderRecord), total };
    },
    async listIds(query) {
      const filter = await orderFilter(query, c.profiles, c.companies);
      const docs = await orders
        .find(filter, { projection: { _id: 1 } })
        .sort({ _id: -1 })
        .toArray();
      return docs.map((doc) => doc._id.toHexString());
    },
    async getMany(ids) {
      const oids = ids.flatMap((id) => toObjectId(id) ?? []);
      const docs = await orders.find({ _id: { $in: oids } }).toArray();
      const byId = new Map(docs.map((doc) => [doc._id.toHexString(), toOrderRecord(doc)]));
      return ids.flatMap((id) => byId.get(id) ?? []);
    },
    async cancelUnpaid(id, now = new Date().toISOString()): Promise<CancelOrderResult> {
      const _id = toObjectId(id);
      if (!_id) return 'NOT_FOUND';
      return inTransaction(client, async (session): Promise<CancelOrderResult> => {
        const cancelled = await orders.findOneAndUpdate(
          { _id, status: { $in: [...OPEN_STATUSES] } },
          { $set: { status: 'cancelled', iscancelled: true, cancelledAt: new Date(now) } },
          { session, returnDocument: 'after' },
        );
        if (cancelled) {
          await releaseAll(cancelled, session);
          return 'CANCELLED';
        }
        const doc = await orders.findOne({ _id }, { session });
        if (!doc) return 'NOT_FOUND';
        return PAID_STATUSES.includes(doc.status) ? 'PAID' : 'NOT_UNPAID';
      });
    },
    async expireDue(now) {
      return expireIn('unpaid', new Date(now));
    },
    async expireUnapproved(now) {
      return expireIn('awaiting_approval', new Date(now));
    },
    async countUnpaid(email, now) {
      return orders.countDocuments(openOrders(email.toLowerCase(), new Date(now)));
    },
    async spentThisMonth(email, now) {
      return spentSince(email.toLowerCase(), now);
    },
    async listByCompany(companyId, status) {
      const docs = await orders
        .find({ companyId, ...(status && { status }) })
        .sort({ _id: -1 })
        .toArray();
      return docs.map(toOrderRecord);
    },
    async approve(id, { by, at, next }) {
      if (next.status === 'confirmed') {
        const _id = toObjectId(id);
        if (!_id) return null;
        return inTransaction(client, async (session): Promise<DecisionResult | null> => {
          const doc = await orders.findOne({ _id }, { session });
          if (!doc) return null;
          const before = toOrderRecord(doc);
          if (doc.status !== 'awaiting_approval') return { outcome: 'NOT_AWAITING', order: before };
          // The confirmation's own conditional update (status still awaiting) decides between
          // two approvers; the loser's transaction conflicts and is retried, finding it decided.
          const confirmed = await c.terms.confirmInSession(before, next.payOnInvoice, session);
          if (!confirmed) return { outcome: 'NOT_AWAITING', order: before };
          if (!confirmed.ok)
            return refuse<DecisionResult>({
              outcome: 'REFUSED',
              order: before,
              refusal: confirmed,
            });
          const approved = await orders.findOneAndUpdate(
            { _id },
            { $set: { approvedBy: by, approvedAt: new Date(at) } },
            { session, returnDocument: 'after' },
          );
          return { outcome: 'DONE', order: toOrderRecord(approved ?? doc) };
        });
      }
      return decide(
        id,
        {
          $set: {
            status: next.status,
            expiresAt: new Date(next.expiresAt),
            approvedBy: by,
            approvedAt: new Date(at),
          },
        },
        false,
      );
    },
    async reject(id, { by, at, reason }) {
      return decide(
        id,
        {
          $set: {
            status: 'rejected',
            iscancelled: true,
            rejectedBy: by,
            rejectedAt: new Date(at),
            rejectionReason: reason,
          },
        },
        true,
      );
    },
    async setPaymentIntent(id, paymentIntentId) {
      const _id = toObjectId(id);
      if (_id) await orders.updateOne({ _id }, { $set: { paymentIntentId } });
    },
    async markPaid(id, transactionId, now = new Date().toISOString()) {
      const _id = toObjectId(id);
      if (!_id) return null;
      return inTransaction(client, async (session): Promise<MarkPaidResult | null> => {
        const doc = await orders.findOne({ _id }, { session });
        if (!doc) return null;
        const order = toOrderRecord(doc);
        if (PAID_STATUSES.includes(doc.status)) return { outcome: 'ALREADY_PAID', order };
        // Nothing above a spending limit is paid (and so shipped) before its approval.
        if (!PAYABLE_STATUSES.includes(doc.status)) return { outcome: 'NOT_PAYABLE', order };
        if (doc.status === 'expired' && (await reserveAll(doc.items, session)).length)
          return refuse<MarkPaidResult>({ outcome: 'NOT_PAYABLE', order });
        const paid = await orders.findOneAndUpdate(
          { _id, status: doc.status },
          {
            $set: {
              status: 'paid',
              isPaid: true,
              iscancelled: false,
              transactionId,
              paidAt: new Date(now),
            },
          },
          { session, returnDocument: 'after' },
        );
        if (!paid) return null;
        await verifyReviews(
          doc.userEmail,
          doc.items.map((line) => line.toolId),
          session,
        );
        const result: MarkPaidResult = { outcome: 'PAID', order: toOrderRecord(paid) };
        return doc.status === 'expired' ? { ...result, reservedAgain: true } : result;
      });
    },
    ...mongoOrderFulfilment(client, orders, tools, verifyReviews),
    ...shipments,
    // The whole order as one shipment, refused while units wait (issue 53).
    async markShipped(id, shipment = {}, now = new Date().toISOString()) {
      const result = await shipments.recordShipment(id, { ...shipment, now, whole: true });
      if (!result) return null;
      if (result.outcome === 'SHIPPED') return result.order;
      return result.order.status === 'shipped' ? result.order : null;
    },
  };
}
