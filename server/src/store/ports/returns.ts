/** Partial refunds and credits, and returns (RMA), of issue 53. */

import type { RefundLine } from '../../domain/refunds.js';
import type { ReturnableOrder, ReturnStatus, ReturnStep } from '../../domain/returns.js';
import type { Id } from './common.js';
import type { OrderRecord } from './orders.js';

export type { RefundLine };

/**
 * How money went back: to the card (through the gateway), as a credit against the order's
 * unpaid invoice, or by a bank transfer the admin made and records.
 */
export type RefundMethod = 'card' | 'credit' | 'bank_transfer';

export interface NewRefund {
  orderId: Id;
  /** Tax included: what the buyer gets back or is no longer owed. */
  amountCents: number;
  method: RefundMethod;
  reason?: string;
  /** The units given back (none for a sum). */
  lines: RefundLine[];
  /** The units that go back on the shelf, in the same transaction. */
  restock: RefundLine[];
  /** The gateway's refund id (`re_...`): one refund per id, whichever path records it first. */
  gatewayRefundId?: string;
  /** The bank transfer's reference. */
  reference?: string;
  /** The `Idempotency-Key` and the request's fingerprint: a retry answers the same refund. */
  idempotency?: { key: string; fingerprint: string };
  returnId?: Id;
  /** What can be given back in all: the amount paid by card, or invoiced. */
  baseCents: number;
  now: string;
  /** The admin's email, or `stripe` for a refund made in Stripe's Dashboard. */
  by: string;
}

export interface RefundRecord {
  _id: Id;
  orderId: Id;
  amountCents: number;
  method: RefundMethod;
  reason?: string;
  lines: RefundLine[];
  restock: RefundLine[];
  gatewayRefundId?: string;
  reference?: string;
  returnId?: Id;
  createdAt: string;
  createdBy: string;
}

export type RecordRefundResult =
  | { outcome: 'RECORDED'; refund: RefundRecord; order: OrderRecord }
  /** This gateway refund, or this idempotency key with the same request, was recorded before. */
  | { outcome: 'ALREADY'; refund: RefundRecord; order: OrderRecord }
  | { outcome: 'KEY_REUSED' }
  | { outcome: 'OVER_AMOUNT'; leftCents: number }
  | { outcome: 'OVER_LINES'; toolId: Id; leftQuantity: number };

export interface RefundsRepo {
  /**
   * Records a refund or credit, in one transaction with its checks: never above what is left
   * (`baseCents` less the order's refunds so far) nor more units of a line than are left; the
   * restock; and, when it gives back all that is left, the order's move to `refunded`. Null for
   * an unknown order.
   */
  record(refund: NewRefund): Promise<RecordRefundResult | null>;
  /** Oldest first. */
  listByOrder(orderId: Id): Promise<RefundRecord[]>;
  byGatewayId(gatewayRefundId: string): Promise<RefundRecord | null>;
  /** Refunds recorded in [from, to) (ISO), oldest first: the tax reports take them off. */
  between(from: string, to: string): Promise<RefundRecord[]>;
  /** The refund an `Idempotency-Key` recorded on this order, with its request's fingerprint. */
  byIdempotencyKey(
    orderId: Id,
    key: string,
  ): Promise<{ refund: RefundRecord; fingerprint: string } | null>;
}

export interface ReceivedLine extends RefundLine {
  disposition: 'restock' | 'scrap';
}

export interface ReturnRecord {
  _id: Id;
  orderId: Id;
  userEmail: string;
  status: ReturnStatus;
  reason: string;
  lines: RefundLine[];
  received?: ReceivedLine[];
  declineReason?: string;
  refundId?: Id;
  requestedAt: string;
  updatedAt: string;
}

export type RequestReturnResult =
  { outcome: 'REQUESTED'; request: ReturnRecord } | { outcome: 'REFUSED'; message: string };

export interface ReturnsRepo {
  /**
   * Stores a return after `decide` (domain/returns.ts) allowed it, in one transaction with the
   * read of the order and of its other returns, so two requests at once cannot both take the
   * same units. Null for an unknown order.
   */
  request(
    input: { orderId: Id; userEmail: string; lines: RefundLine[]; reason: string; now: string },
    decide: (
      order: ReturnableOrder,
      alreadyReturned: ReadonlyMap<string, number>,
    ) => { ok: true } | { ok: false; message: string },
  ): Promise<RequestReturnResult | null>;
  get(id: Id): Promise<ReturnRecord | null>;
  /** Newest first; of one status when given, capped at `limit`. */
  list(filter: { status?: ReturnStatus; limit: number }): Promise<ReturnRecord[]>;
  listByOrder(orderId: Id): Promise<ReturnRecord[]>;
  /**
   * One step of a return, a conditional update from the step's status: `changed` false when
   * another request took it first (or it is elsewhere). `receive` raises the restocked lines'
   * stock in the same transaction, once.
   */
  step(
    id: Id,
    step: ReturnStep,
    patch: { now: string; declineReason?: string; received?: ReceivedLine[]; refundId?: Id },
  ): Promise<{ changed: boolean; request: ReturnRecord } | null>;
}
