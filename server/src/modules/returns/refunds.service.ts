import { createHash } from 'node:crypto';
import { formatCents } from '@toolworks/contract/format';
import { paysOnInvoice } from '@toolworks/contract/orders';
import type { CreditNoteSummary, OrderRefunds, Refund } from '@toolworks/contract/returns';
import type { Config } from '../../config.js';
import { KEPT_STATUSES } from '../../domain/order-status.js';
import { creditForLines } from '../../domain/refunds.js';
import { balanceOf } from '../../domain/terms.js';
import { AppError } from '../../lib/app-error.js';
import type { Logger } from '../../lib/logger.js';
import { newObjectId } from '../../store/object-id.js';
import type {
  Id,
  NewRefund,
  OrderRecord,
  RefundLine,
  RefundMethod,
  RefundRecord,
  Store,
} from '../../store/store.js';
import { createInvoiceService } from '../invoices/index.js';
import type { PaymentGateway } from '../payments/gateways/index.js';
import { keyReused } from '../orders/index.js';
import { refundMail } from './returns-mail.js';

export interface RefundsDeps {
  store: Store;
  config: Pick<Config, 'invoice' | 'payments' | 'tax' | 'mail' | 'orders'>;
  payments: Pick<PaymentGateway, 'refund'>;
  logger: Logger;
  now: () => Date;
}

export interface RefundRequest {
  amountCents?: number;
  lines?: RefundLine[];
  reason: string;
  restock?: boolean;
  method?: 'credit' | 'bank_transfer';
  reference?: string;
}

export interface RefundOptions {
  by: string;
  idempotencyKey?: string;
  /** A return's refund: its lines go back on the shelf only as its receipt said (done there). */
  returnId?: Id;
  /** The whole-order refund's "what is left": it may stand for all remaining lines. */
  rest?: boolean;
}

const refundWire = (refund: RefundRecord, creditNoteNumber?: string): Refund => ({
  _id: refund._id,
  amountCents: refund.amountCents,
  method: refund.method,
  ...(refund.reason !== undefined && { reason: refund.reason }),
  lines: refund.lines,
  ...(refund.reference !== undefined && { reference: refund.reference }),
  ...(refund.returnId !== undefined && { returnId: refund.returnId }),
  createdAt: refund.createdAt,
  ...(creditNoteNumber && { creditNoteNumber }),
});

const failedGateway = (err: unknown) =>
  Object.assign(
    new AppError(
      'PAYMENT_FAILED',
      'The payment provider could not refund this order. Nothing was changed; try again in a moment.',
      502,
    ),
    { cause: err },
  );

/**
 * Partial refunds and credits (issue 53). A card order is refunded through the gateway first
 * (with an idempotency key, so a retry is the same refund), then recorded; an order on invoice
 * is credited against its invoice, or, once paid, given back by a bank transfer the admin
 * records. The store judges "never more than is left" again in the transaction that records it.
 * Each refund then gets its credit note; one that cannot be issued yet is kept for the admin's
 * retry (Failed documents) and the refund stands.
 */
export function createRefundsService(deps: RefundsDeps) {
  const { store, logger } = deps;
  const invoices = createInvoiceService(deps);

  const findOrder = async (id: Id) => {
    const order = await store.orders.get(id);
    if (!order) throw AppError.notFound('Order not found');
    return order;
  };

  /** What can be given back in all; null when nothing was paid or invoiced. */
  const baseOf = async (order: OrderRecord): Promise<number | null> => {
    if (paysOnInvoice(order))
      return (await store.invoices.get(order._id)) ? order.priceCents : null;
    const kept = KEPT_STATUSES.includes(order.status) || order.status === 'refunded';
    return kept && order.transactionId ? order.priceCents : null;
  };

  async function summary(order: OrderRecord): Promise<OrderRefunds> {
    const [refunds, notes, returns, base] = await Promise.all([
      store.refunds.listByOrder(order._id),
      store.creditNotes.listByOrder(order._id),
      store.returns.listByOrder(order._id),
      baseOf(order),
    ]);
    const paidCents = base ?? 0;
    const legacyWhole = order.status === 'refunded' && refunds.length === 0;
    const refundedCents = legacyWhole
      ? paidCents
      : refunds.reduce((sum, r) => sum + r.amountCents, 0);
    const noteOf = new Map(notes.map((n) => [n.refundId, n.number]));
    const names = new Map(order.items.map((l) => [l.toolId, l.name]));
    const creditNotes: CreditNoteSummary[] = notes.map((n) => ({
      number: n.number,
      issuedAt: n.issuedAt,
      totalCents: n.snapshot.totalCents,
      invoiceNumber: n.snapshot.invoiceNumber,
    }));
    return {
      paidCents,
      refundedCents,
      leftCents: Math.max(0, paidCents - refundedCents),
      refunds: refunds.map((r) => refundWire(r, noteOf.get(r._id))),
      creditNotes,
      returns: returns.map((r) => ({
        _id: r._id,
        orderId: r.orderId,
        orderNumber: `TW-${order.number}`,
        userEmail: r.userEmail,
        status: r.status,
        reason: r.reason,
        lines: r.lines.map((l) => ({ ...l, name: names.get(l.toolId) ?? 'Tool' })),
        ...(r.received && {
          received: r.received.map((l) => ({ ...l, name: names.get(l.toolId) ?? 'Tool' })),
        }),
        ...(r.declineReason !== undefined && { declineReason: r.declineReason }),
        ...(r.refundId !== undefined && { refundId: r.refundId }),
        requestedAt: r.requestedAt,
        updatedAt: r.updatedAt,
      })),
      ...(order.status === 'delivered' &&
        order.deliveredAt && {
          returnableUntil: new Date(
            new Date(order.deliveredAt).getTime() + deps.config.orders.returnDays * 86_400_000,
          ).toISOString(),
        }),
    };
  }

  /** The amount of a refund by line: the lines' share of the invoice, their tax included. */
  async function amountOfLines(order: OrderRecord, lines: RefundLine[]): Promise<number> {
    const invoice = await invoices.invoiceFor(order);
    const picks = lines.map((line) => {
      const index = order.items.findIndex((item) => item.toolId === line.toolId);
      if (index < 0) throw AppError.badRequest('That tool is not on this order');
      return { index, quantity: line.quantity };
    });
    if (!invoice) throw AppError.conflict('This order has no invoice yet: nothing to refund');
    return creditForLines(invoice.snapshot, picks).totalCents;
  }

  const over = (leftCents: number) =>
    Object.assign(AppError.conflict(`Only ${formatCents(leftCents)} is left to refund`), {
      details: { leftCents },
    });

  /**
   * The money goes back (the gateway for a card) and is recorded; then its credit note and the
   * buyer's email. Answers the refund and the order's refunds as they stand.
   */
  async function refund(orderId: Id, request: RefundRequest, options: RefundOptions) {
    const order = await findOrder(orderId);
    const fingerprint = createHash('sha256')
      .update(JSON.stringify({ orderId, request, returnId: options.returnId }))
      .digest('base64url');
    const idempotency = options.idempotencyKey
      ? { key: options.idempotencyKey, fingerprint }
      : undefined;
    const base = await baseOf(order);
    if (base === null)
      throw AppError.conflict(
        `Only a paid, shipped or delivered order can be refunded; this one is ${order.status}`,
      );
    const before = await store.refunds.listByOrder(orderId);
    const refundedCents = before.reduce((sum, r) => sum + r.amountCents, 0);
    const lines = request.lines ?? [];
    const amountCents =
      request.amountCents ??
      (options.rest ? base - refundedCents : await amountOfLines(order, lines));
    const replay = idempotency && (await replayOf(orderId, idempotency));
    if (replay) return { refund: replay, ...(await answer(orderId)) };
    if (amountCents > base - refundedCents || amountCents <= 0) throw over(base - refundedCents);

    const method: RefundMethod = paysOnInvoice(order) ? (request.method ?? 'credit') : 'card';
    if (method === 'credit' || method === 'bank_transfer') {
      const invoice = await invoices.invoiceFor(order);
      const onTerms = invoice && (await store.invoices.getOnTerms(invoice.number));
      if (!onTerms) throw AppError.conflict('This order has no invoice on terms to credit');
      if (method === 'credit' && amountCents > balanceOf(onTerms))
        throw Object.assign(
          AppError.conflict(
            `Only ${formatCents(Math.max(0, balanceOf(onTerms)))} is still owed on invoice ${onTerms.number}: refund the rest by bank transfer`,
          ),
          { details: { balanceCents: Math.max(0, balanceOf(onTerms)) } },
        );
      const backByBank = before
        .filter((r) => r.method === 'bank_transfer')
        .reduce((sum, r) => sum + r.amountCents, 0);
      if (method === 'bank_transfer' && amountCents > onTerms.paidCents - backByBank)
        throw Object.assign(
          AppError.conflict(
            `Only ${formatCents(Math.max(0, onTerms.paidCents - backByBank))} was paid on invoice ${onTerms.number} and not yet refunded`,
          ),
          { details: { leftCents: Math.max(0, onTerms.paidCents - backByBank) } },
        );
    }

    let gatewayRefundId: string | undefined;
    if (method === 'card') {
      const key = `refund-${orderId}-${options.idempotencyKey ?? newObjectId()}`;
      const made = await deps.payments
        .refund(order.transactionId!, { amountCents, idempotencyKey: key })
        .catch((err: unknown) => {
          logger.error({ err, orderId }, 'the gateway could not refund part of the order');
          throw failedGateway(err);
        });
      gatewayRefundId = made.id;
    }

    const input: NewRefund = {
      orderId,
      amountCents,
      method,
      ...(request.reason && { reason: request.reason }),
      lines: options.rest ? restOf(order, before) : lines,
      restock: request.restock && !options.returnId ? lines : [],
      ...(gatewayRefundId && { gatewayRefundId }),
      ...(request.reference && { reference: request.reference }),
      ...(idempotency && { idempotency }),
      ...(options.returnId && { returnId: options.returnId }),
      baseCents: base,
      now: deps.now().toISOString(),
      by: options.by,
    };
    const result = await store.refunds.record(input);
    if (!result) throw AppError.notFound('Order not found');
    if (result.outcome === 'KEY_REUSED') throw keyReused();
    if (result.outcome === 'OVER_AMOUNT' || result.outcome === 'OVER_LINES') {
      // Another refund was recorded between the check and this one.
      if (gatewayRefundId)
        logger.error(
          { orderId, gatewayRefundId, amountCents },
          'refunded at the gateway but not recorded: more than was left',
        );
      if (result.outcome === 'OVER_AMOUNT') throw over(result.leftCents);
      throw Object.assign(
        AppError.conflict(`Only ${result.leftQuantity} of that line can still be refunded`),
        { details: { toolId: result.toolId, leftQuantity: result.leftQuantity } },
      );
    }
    if (result.outcome === 'RECORDED') await afterRecorded(result.order, result.refund);
    return { refund: result.refund, ...(await answer(orderId)) };
  }

  const restOf = (order: OrderRecord, before: RefundRecord[]) => {
    const given = new Map<string, number>();
    for (const r of before)
      for (const l of r.lines) given.set(l.toolId, (given.get(l.toolId) ?? 0) + l.quantity);
    return order.items
      .map((l) => ({ toolId: l.toolId, quantity: l.quantity - (given.get(l.toolId) ?? 0) }))
      .filter((l) => l.quantity > 0);
  };

  async function replayOf(orderId: Id, idempotency: { key: string; fingerprint: string }) {
    const found = await store.refunds.byIdempotencyKey(orderId, idempotency.key);
    if (!found) return null;
    if (found.fingerprint !== idempotency.fingerprint) throw keyReused();
    return found.refund;
  }

  /** The credit note, then the buyer's email naming it (once per refund: its dedupe key). */
  async function afterRecorded(order: OrderRecord, recorded: RefundRecord) {
    const note = await invoices.creditNoteForRefund(order, recorded).catch((err: unknown) => {
      logger.error({ err, orderId: order._id }, 'the credit note of a refund was not issued');
      return null;
    });
    const mail = refundMail(order, recorded, note?.number, deps.config.mail.shopUrl);
    await store.outbox
      .enqueue(
        {
          kind: 'order-refund',
          orderId: order._id,
          to: order.userEmail,
          ...mail,
          ...(note && { attachments: [{ kind: 'credit-note' as const, orderId: order._id }] }),
          dedupeKey: `refund:${recorded._id}`,
        },
        deps.now().toISOString(),
      )
      .catch((err: unknown) =>
        logger.error({ err, orderId: order._id }, 'could not queue the refund email'),
      );
  }

  async function answer(orderId: Id) {
    const order = await findOrder(orderId);
    return { order, refunds: await summary(order) };
  }

  return {
    refund,
    summary,
    /**
     * Stripe's `charge.refunded` for a refund not made here (the Dashboard): recorded as a sum,
     * once (matched on the gateway's refund id, whichever path saw it first).
     */
    async recordGatewayPartial(
      order: OrderRecord,
      gatewayRefundId: string,
      amountCents: number,
    ): Promise<'applied' | 'ignored'> {
      if (await store.refunds.byGatewayId(gatewayRefundId)) return 'ignored';
      const base = await baseOf(order);
      if (base === null) return 'ignored';
      const result = await store.refunds.record({
        orderId: order._id,
        amountCents,
        method: 'card',
        reason: 'Refunded in the payment provider',
        lines: [],
        restock: [],
        gatewayRefundId,
        baseCents: base,
        now: deps.now().toISOString(),
        by: 'stripe',
      });
      if (result?.outcome !== 'RECORDED') {
        if (result?.outcome !== 'ALREADY')
          logger.warn({ orderId: order._id, gatewayRefundId }, 'a gateway refund was not recorded');
        return 'ignored';
      }
      await afterRecorded(result.order, result.refund);
      return 'applied';
    },
    refundWire,
  };
}

export type RefundsService = ReturnType<typeof createRefundsService>;
