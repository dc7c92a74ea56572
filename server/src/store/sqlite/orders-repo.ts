import type Database from 'better-sqlite3';
import type {
  CancelOrderResult,
  DecisionResult,
  ConfirmOnTermsResult,
  FailedLine,
  InvoiceRecord,
  MarkPaidResult,
  NewOrderInput,
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
import { newObjectId } from '../object-id.js';
import { orderFilterQueries } from './order-filter-sql.js';
import {
  lineTaxColumns,
  orderReader,
  orderTaxColumns,
  sqlStatuses,
  type LineRow,
  type OrderRow,
} from './order-rows.js';
import { sqliteOrderFulfilment } from './order-fulfilment.js';
import { sqliteOrderShipments } from './order-shipments.js';
import { sqliteStockMoves } from './stock-moves.js';
import type { Allocation, IncomingBatch } from '@toolworks/contract/availability';
import type { PriceTierCents } from '@toolworks/contract/pricing';
import { refuse } from '../refusal.js';
import type { WriteQueue } from './write-queue.js';
import { outboxInserter } from './outbox-repo.js';
import { reviewVerification } from './review-verification.js';
import type { sqliteTermsInvoices } from './terms-invoices.js';
import {
  cartAgainst,
  idempotencyCutoff,
  idempotencyDecision,
  type IdempotencyClaim,
  type QuantityLine,
} from '../../domain/repeat-requests.js';
import {
  failedLine,
  planLines,
  type PlannedLine,
  type ToolFacts,
} from '../../domain/order-lines.js';
import {
  countsMonth,
  monthStart,
  needsApproval,
  placedState,
} from '../../domain/spending-limits.js';
import { placedOrderMail } from '../../domain/order-mail.js';
import { placedOrderTax } from '../../domain/order-tax.js';
import type { TaxClass } from '@toolworks/contract/tax';

interface ToolRow {
  name: string;
  sku: string;
  category: string;
  price_cents: number;
  available_quantity: number;
  minimum_order_quantity: number;
  price_tiers: string;
  lead_time_days: number | null;
  allow_backorders: number;
  incoming_stock: string;
  unit: string;
  pack_size: number;
  order_multiple: number;
  price_basis: number;
  tax_class: TaxClass;
}

/** What placing reads of a tool row; undefined for no such tool. */
const toolFacts = (tool: ToolRow | undefined): ToolFacts | undefined =>
  tool && {
    name: tool.name,
    sku: tool.sku,
    category: tool.category,
    priceCents: tool.price_cents,
    priceTiers: JSON.parse(tool.price_tiers) as PriceTierCents[],
    minimumOrderQuantity: tool.minimum_order_quantity,
    availableQuantity: tool.available_quantity,
    allowBackorders: tool.allow_backorders === 1,
    leadTimeDays: tool.lead_time_days,
    incomingStock: JSON.parse(tool.incoming_stock) as IncomingBatch[],
    unit: tool.unit,
    packSize: tool.pack_size,
    orderMultiple: tool.order_multiple,
    priceBasis: tool.price_basis,
    taxClass: tool.tax_class,
  };

const FIRST_NUMBER = 100001;

interface MemberRow {
  company_id: string;
  spending_limit_order_cents: number | null;
  spending_limit_month_cents: number | null;
}

/**
 * An INSERT of a row's `columns`, bound by position from the row object: better-sqlite3 binds
 * an object with keys beyond the statement's ten times slower than by position.
 */
function rowInsert<Row>(db: Database.Database, table: string, columns: (keyof Row & string)[]) {
  const statement = db.prepare(`INSERT INTO ${table} (${columns.join(', ')})
    VALUES (${columns.map(() => '?').join(', ')})`);
  return (row: Row) => statement.run(columns.map((column) => row[column]));
}

/**
 * Placing, cancelling, expiring and paying go through the write queue: each runs in its own
 * savepoint inside a batch committed together (write-queue.ts), and is answered after that
 * COMMIT. A refusal rolls back its own savepoint only.
 */
export function sqliteOrdersRepo(
  db: Database.Database,
  queue: WriteQueue,
  terms: ReturnType<typeof sqliteTermsInvoices>,
): OrdersRepo {
  const reader = orderReader(db);
  const shipments = sqliteOrderShipments(db);
  const toolRow = db.prepare(`SELECT name, sku, category, price_cents, available_quantity,
    minimum_order_quantity, price_tiers, lead_time_days, allow_backorders, incoming_stock, unit,
    pack_size, order_multiple, price_basis, tax_class FROM tools WHERE id = ?`);
  const stock = sqliteStockMoves(db);
  const liveUnpaid = db
    .prepare(
      // Orders awaiting approval are not the buyer's to pay yet (they expire on their own after
      // the approval window): five of them blocked a buyer from ordering.
      `SELECT count(*) FROM orders
    WHERE user_email = @email AND status = 'unpaid' AND expires_at > @now`,
    )
    .pluck();
  const membership = db.prepare(`SELECT company_id, spending_limit_order_cents,
    spending_limit_month_cents FROM company_members WHERE email = ?`);
  const spentSince = db
    .prepare(
      `SELECT coalesce(sum(price_cents), 0) FROM orders WHERE user_email = ?
    AND created_at >= ? AND status NOT IN ${sqlStatuses(UNSPENT_STATUSES)}`,
    )
    .pluck();
  const nextNumber = db.prepare('SELECT coalesce(max(number) + 1, ?) FROM orders').pluck();
  // The columns placing writes; the others keep their defaults.
  const insert = rowInsert<OrderRow>(db, 'orders', [
    'id',
    'number',
    'status',
    'tool_id',
    'name',
    'unit_price_cents',
    'price_cents',
    'quantity',
    'user_name',
    'user_email',
    'user_phone',
    'user_address',
    'po_reference',
    'quote_number',
    'expires_at',
    'company_id',
    'payment_method',
    'created_at',
    'tax_cents',
    'prices_include_tax',
    'ship_to_country',
    'ship_to_state',
    'buyer_vat_id',
  ]);
  // The acceptance's condition: the offer the buyer saw, still open. Run in the order's
  // transaction, so a re-offer or a second acceptance cannot slip between the two.
  const acceptQuote = db.prepare(`UPDATE quotes SET status = 'accepted', order_id = @orderId,
    updated_at = @now WHERE id = @id AND status = 'offered' AND version = @version
    AND valid_until >= @today`);
  const insertLine = rowInsert<LineRow>(db, 'order_lines', [
    'order_id',
    'line_no',
    'tool_id',
    'name',
    'sku',
    'unit_price_cents',
    'quantity',
    'line_total_cents',
    'allocations',
    'price_list_id',
    'price_list_name',
    'price_list_version_starts_on',
    'unit',
    'price_basis',
    'tax_rate_percent',
    'tax_category',
    'tax_reason',
    'tax_vatex',
    'tax_rule',
    'tax_cents',
  ]);
  const cartLines = db.prepare(
    'SELECT tool_id AS toolId, quantity FROM cart_items WHERE user_email = ?',
  );
  const emptyCart = db.prepare('DELETE FROM cart_items WHERE user_email = ?');
  const keyed = db.prepare(`SELECT fingerprint, order_id FROM idempotency_keys
    WHERE user_email = ? AND scope = ? AND key = ? AND created_at >= ?`);
  const recordKey = db.prepare(`INSERT OR REPLACE INTO idempotency_keys
    (user_email, scope, key, fingerprint, order_id, created_at) VALUES (?, ?, ?, ?, ?, ?)`);
  const forgetKeys = db.prepare('DELETE FROM idempotency_keys WHERE created_at < ?');
  const getOne = db.prepare('SELECT * FROM orders WHERE id = ?');
  const removedBuyer = db
    .prepare('SELECT 1 FROM users WHERE email = ? AND removed_at IS NOT NULL')
    .pluck();
  const verifyReviews = reviewVerification(db);
  const addToOutbox = outboxInserter(db);
  const byEmail = db.prepare('SELECT * FROM orders WHERE user_email = ? ORDER BY id DESC');
  const filtered = orderFilterQueries(db);
  const getMany = db.prepare('SELECT * FROM orders WHERE id IN (SELECT value FROM json_each(?))');
  const setIntent = db.prepare('UPDATE orders SET payment_intent_id = ? WHERE id = ?');
  const pay = db.prepare(`UPDATE orders SET status = 'paid', is_paid = 1, is_cancelled = 0,
    transaction_id = ?, paid_at = ? WHERE id = ? AND status IN ${sqlStatuses(PAYABLE_STATUSES)}`);
  const endUnpaid = db.prepare(`UPDATE orders SET status = @status, is_cancelled = 1,
    cancelled_at = @now WHERE id = @id AND status = 'unpaid'`);
  const endUnapproved = db.prepare(`UPDATE orders SET status = 'expired', is_cancelled = 1,
    cancelled_at = @now WHERE id = @id AND status = 'awaiting_approval'`);
  const cancelOpen = db.prepare(`UPDATE orders SET status = 'cancelled', is_cancelled = 1,
    cancelled_at = @now WHERE id = @id AND status IN ${sqlStatuses(OPEN_STATUSES)}`);
  const byCompany = db.prepare(
    'SELECT * FROM orders WHERE company_id = ? AND company_id IS NOT NULL ORDER BY id DESC',
  );
  const byCompanyStatus = db.prepare(
    `SELECT * FROM orders WHERE company_id = ? AND company_id IS NOT NULL AND status = ?
    ORDER BY id DESC`,
  );
  // The status is the precondition: of two approvers at once, one changes the row.
  const approveAwaiting = db.prepare(`UPDATE orders SET status = @status,
    expires_at = @expiresAt, approved_by = @by, approved_at = @at
    WHERE id = @id AND status = 'awaiting_approval'`);
  const recordApproval = db.prepare(
    'UPDATE orders SET approved_by = @by, approved_at = @at WHERE id = @id',
  );
  const rejectAwaiting = db.prepare(`UPDATE orders SET status = 'rejected', is_cancelled = 1,
    rejected_by = @by, rejected_at = @at, rejection_reason = @reason
    WHERE id = @id AND status = 'awaiting_approval'`);
  const anyDue = db
    .prepare(
      `SELECT 1 FROM orders WHERE status = 'unpaid' AND expires_at <= ?
    LIMIT 1`,
    )
    .pluck();
  const due = db.prepare(`SELECT * FROM orders WHERE status = 'unpaid' AND expires_at <= ?`);
  const unapprovedDue = db.prepare(
    `SELECT * FROM orders WHERE status = 'awaiting_approval' AND expires_at <= ?`,
  );

  const keyedSync = (
    email: string,
    claim: Pick<IdempotencyClaim, 'scope' | 'key'>,
    now: string,
  ) => {
    const row = keyed.get(email, claim.scope, claim.key, idempotencyCutoff(now)) as
      { fingerprint: string; order_id: string } | undefined;
    const order = row && getSync(row.order_id);
    return order ? { fingerprint: row.fingerprint, order } : null;
  };
  const getSync = (id: string) => {
    const row = getOne.get(id) as OrderRow | undefined;
    return row ? reader.one(row) : null;
  };
  /**
   * Holds every line's units or none (the failed lines, and the caller's refusal rolls back what
   * was held): from the stock, the batches and the lead time as `allocations` say.
   */
  const reserveAll = (
    lines: { toolId: string; quantity: number; allocations?: Allocation[] }[],
  ) => {
    const short: FailedLine[] = [];
    for (const line of lines) {
      if (!stock.take(line))
        short.push(failedLine(line, toolFacts(toolRow.get(line.toolId) as ToolRow | undefined)));
    }
    return short;
  };
  const releaseAll = (order: OrderRecord) => {
    for (const line of order.items) stock.give(line);
  };

  const placeOne = (input: NewOrderInput): PlaceOrderResult => {
    const email = input.userEmail.toLowerCase();
    // Inside the write lock: a removal commits wholly before this (refused) or after it (and
    // then finds this order to cancel).
    if (removedBuyer.get(email)) return { ok: false, reason: 'USER_REMOVED' };
    const claim = input.idempotency;
    if (claim) {
      const recorded = keyedSync(email, claim, input.now);
      const decision = idempotencyDecision(recorded, claim);
      if (decision === 'REUSED') return { ok: false, reason: 'IDEMPOTENCY_KEY_REUSED' };
      if (decision === 'REPLAY') return { ok: true, order: recorded!.order, replayed: true };
    }
    if (input.fromCart) {
      const cart = cartAgainst(input.lines, cartLines.all(email) as QuantityLine[]);
      if (cart !== 'SAME') return { ok: false, reason: `CART_${cart}` };
    }
    if (input.maxUnpaid !== undefined) {
      const unpaid = liveUnpaid.get({ email, now: input.now }) as number;
      if (unpaid >= input.maxUnpaid) return { ok: false, reason: 'TOO_MANY_UNPAID', unpaid };
    }
    const tools = new Map(
      [...new Set(input.lines.map((line) => line.toolId))].map((toolId) => [
        toolId,
        toolFacts(toolRow.get(toolId) as ToolRow | undefined),
      ]),
    );
    const plan = planLines(
      input.lines,
      tools,
      input.now.slice(0, 10),
      input.expectedTotalCents,
      input.pricing,
      input.tax,
    );
    if (!plan.ok) return plan;
    const { lines, totalCents } = plan;
    const member = membership.get(email) as MemberRow | undefined;
    const limits = member && {
      perOrderCents: member.spending_limit_order_cents,
      perMonthCents: member.spending_limit_month_cents,
    };
    const spent =
      limits && countsMonth(limits) ? (spentSince.get(email, monthStart(input.now)) as number) : 0;
    const state = placedState({
      awaiting: needsApproval(limits ?? null, totalCents, spent),
      paymentMethod: input.payOnInvoice ? 'invoice' : 'card',
      expiresAt: input.expiresAt,
      ...(input.approvalExpiresAt !== undefined && { approvalExpiresAt: input.approvalExpiresAt }),
    });
    const id = newObjectId();
    if (input.quote) {
      const { id: quoteId, version, today } = input.quote;
      const accepted = acceptQuote.run({
        id: quoteId,
        orderId: id,
        now: input.now,
        version,
        today,
      });
      if (accepted.changes === 0) return { ok: false, reason: 'QUOTE_CHANGED' };
    }
    if (plan.unpromised.length)
      return { ok: false, reason: 'OUT_OF_STOCK', lines: plan.unpromised };
    const short = reserveAll(lines);
    if (short.length) return { ok: false, reason: 'OUT_OF_STOCK', lines: short };
    const [first] = lines as [PlannedLine];
    const row: OrderRow = {
      id,
      number: nextNumber.get(FIRST_NUMBER) as number,
      status: state.status,
      tool_id: first.toolId,
      name: first.name,
      unit_price_cents: first.unitPriceCents,
      price_cents: totalCents,
      quantity: plan.quantity,
      user_name: input.userName,
      user_email: email,
      user_phone: input.userPhone,
      user_address: input.userAddress,
      po_reference: input.poReference ?? null,
      quote_number: input.quote?.number ?? null,
      expires_at: state.expiresAt ?? null,
      company_id: member?.company_id ?? null,
      payment_method: state.paymentMethod,
      created_at: input.now,
      // Not written by placing: what the columns hold by default.
      transaction_id: null,
      payment_intent_id: null,
      paid_at: null,
      shipped_at: null,
      carrier: null,
      tracking_number: null,
      delivered_at: null,
      refunded_at: null,
      refund_id: null,
      refund_reason: null,
      refund_restocked: null,
      cancelled_at: null,
      approved_by: null,
      approved_at: null,
      rejected_by: null,
      rejected_at: null,
      rejection_reason: null,
      is_paid: 0,
      ...orderTaxColumns(placedOrderTax(input.tax, plan.tax)),
    };
    insert(row);
    const lineRows = lines.map((line, i): LineRow => ({
      order_id: id,
      line_no: i + 1,
      tool_id: line.toolId,
      name: line.name,
      sku: line.sku,
      unit_price_cents: line.unitPriceCents,
      quantity: line.quantity,
      line_total_cents: line.lineTotalCents,
      allocations: line.allocations ? JSON.stringify(line.allocations) : null,
      price_list_id: line.priceList?.listId ?? null,
      price_list_name: line.priceList?.listName ?? null,
      price_list_version_starts_on: line.priceList?.versionStartsOn ?? null,
      unit: line.unit,
      price_basis: line.priceBasis,
      ...lineTaxColumns(line.tax),
    }));
    for (const line of lineRows) insertLine(line);
    if (input.fromCart) emptyCart.run(email);
    if (claim) {
      forgetKeys.run(idempotencyCutoff(input.now));
      recordKey.run(email, claim.scope, claim.key, claim.fingerprint, id, input.now);
    }
    // The order as written, not read back (the contract suite holds it equal to a read).
    let order = reader.written(row, lineRows);
    let invoice: InvoiceRecord | undefined;
    if (input.payOnInvoice && state.confirmOnTerms) {
      const confirmed = terms.confirmSync(order, input.payOnInvoice);
      if (!confirmed) throw new Error(`order ${id} changed inside its own placement`);
      if (!confirmed.ok) return confirmed;
      order = getSync(id) as OrderRecord;
      invoice = confirmed.invoice;
    }
    if (input.emailBuyer) addToOutbox(placedOrderMail(order, invoice), input.now);
    return { ok: true, order };
  };

  const cancelOne = (id: string, now: string): CancelOrderResult => {
    const order = getSync(id);
    if (!order) return 'NOT_FOUND';
    if (order.isPaid) return 'PAID';
    if (cancelOpen.run({ id, now }).changes === 0) return 'NOT_UNPAID';
    releaseAll(order);
    return 'CANCELLED';
  };

  const decide = (id: string, run: () => number, release: boolean): DecisionResult | null => {
    const before = getSync(id);
    if (!before) return null;
    if (run() === 0) return { outcome: 'NOT_AWAITING', order: before };
    if (release) releaseAll(before);
    return { outcome: 'DONE', order: getSync(id) as OrderRecord };
  };

  const expireUnapprovedAll = (now: string): OrderRecord[] => {
    const expired = reader.many(unapprovedDue.all(now) as OrderRow[]);
    for (const order of expired) {
      endUnapproved.run({ id: order._id, now });
      releaseAll(order);
    }
    return expired.map((order) => getSync(order._id) as OrderRecord);
  };

  const expireAll = (now: string): OrderRecord[] => {
    const expired = reader.many(due.all(now) as OrderRow[]);
    for (const order of expired) {
      endUnpaid.run({ id: order._id, status: 'expired', now });
      releaseAll(order);
    }
    return expired.map((order) => getSync(order._id) as OrderRecord);
  };

  const payOne = (id: string, transactionId: string, now: string): MarkPaidResult | null => {
    const order = getSync(id);
    if (!order) return null;
    if (PAID_STATUSES.includes(order.status)) return { outcome: 'ALREADY_PAID', order };
    // Nothing above a spending limit is paid (and so shipped) before its approval.
    if (!PAYABLE_STATUSES.includes(order.status)) return { outcome: 'NOT_PAYABLE', order };
    // An expired order's stock went back to the shelf: it is paid only if it can be had again.
    // Refused, so the lines held before a short one are rolled back with it.
    if (order.status === 'expired' && reserveAll(order.items).length)
      return refuse<MarkPaidResult>({ outcome: 'NOT_PAYABLE', order });
    pay.run(transactionId, now, id);
    verifyReviews(
      order.userEmail,
      order.items.map((line) => line.toolId),
    );
    const paid = getSync(id) as OrderRecord;
    return order.status === 'expired'
      ? { outcome: 'PAID', order: paid, reservedAgain: true }
      : { outcome: 'PAID', order: paid };
  };

  return {
    async place(input) {
      // The batch holds the write lock (BEGIN IMMEDIATE) from before the tools are read, so
      // another process cannot change them between the read and the conditional updates.
      return queue.run(() => {
        const result = placeOne(input);
        if (!result.ok) refuse(result);
        return result;
      });
    },
    async byIdempotencyKey(email, claim, now) {
      return keyedSync(email.toLowerCase(), claim, now);
    },
    async confirmOnTerms(id, payOnInvoice) {
      return queue.run((): ConfirmOnTermsResult => {
        const order = getSync(id);
        if (!order) return refuse({ ok: false, reason: 'NOT_FOUND' });
        const confirmed = terms.confirmSync(order, payOnInvoice);
        if (!confirmed) return refuse({ ok: false, reason: 'NOT_CONFIRMABLE' });
        if (!confirmed.ok) return refuse(confirmed);
        return { ...confirmed, order: getSync(id) as OrderRecord };
      });
    },
    async get(id) {
      return getSync(id);
    },
    async listByEmail(email) {
      return reader.many(byEmail.all(email.toLowerCase()) as OrderRow[]);
    },
    async list({ offset, limit, ...filter }) {
      const { rows, total } = filtered.page(filter, offset, limit);
      return { items: reader.many(rows as OrderRow[]), total };
    },
    async listIds(filter) {
      return filtered.ids(filter);
    },
    async getMany(ids) {
      const rows = getMany.all(JSON.stringify(ids)) as OrderRow[];
      const byId = new Map(reader.many(rows).map((order) => [order._id, order]));
      return ids.flatMap((id) => byId.get(id) ?? []);
    },
    async cancelUnpaid(id, now = new Date().toISOString()) {
      return queue.run(() => {
        const result = cancelOne(id, now);
        if (result !== 'CANCELLED') refuse(result);
        return result;
      });
    },
    async expireDue(now) {
      // Most calls find nothing due: answer those without taking the write lock.
      if (!anyDue.get(now)) return [];
      return queue.run(() => expireAll(now));
    },
    async expireUnapproved(now) {
      if (!unapprovedDue.get(now)) return [];
      return queue.run(() => expireUnapprovedAll(now));
    },
    async countUnpaid(email, now) {
      return liveUnpaid.get({ email: email.toLowerCase(), now }) as number;
    },
    async spentThisMonth(email, now) {
      return spentSince.get(email.toLowerCase(), monthStart(now)) as number;
    },
    async listByCompany(companyId, status) {
      const rows = status ? byCompanyStatus.all(companyId, status) : byCompany.all(companyId);
      return reader.many(rows as OrderRow[]);
    },
    async approve(id, { by, at, next }) {
      if (next.status === 'unpaid')
        return queue.run(() =>
          decide(id, () => approveAwaiting.run({ id, by, at, ...next }).changes, false),
        );
      return queue.run((): DecisionResult | null => {
        const before = getSync(id);
        if (!before) return null;
        if (before.status !== 'awaiting_approval')
          return { outcome: 'NOT_AWAITING', order: before };
        const confirmed = terms.confirmSync(before, next.payOnInvoice);
        if (!confirmed) return { outcome: 'NOT_AWAITING', order: before };
        if (!confirmed.ok) return refuse({ outcome: 'REFUSED', order: before, refusal: confirmed });
        recordApproval.run({ id, by, at });
        return { outcome: 'DONE', order: getSync(id) as OrderRecord };
      });
    },
    async reject(id, { by, at, reason }) {
      return queue.run(() =>
        decide(id, () => rejectAwaiting.run({ id, by, at, reason }).changes, true),
      );
    },
    async setPaymentIntent(id, paymentIntentId) {
      setIntent.run(paymentIntentId, id);
    },
    async markPaid(id, transactionId, now = new Date().toISOString()) {
      return queue.run(() => payOne(id, transactionId, now));
    },
    ...sqliteOrderFulfilment(db, verifyReviews),
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
