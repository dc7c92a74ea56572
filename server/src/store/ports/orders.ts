/** Orders from placement to refund, and the signed-in buyer's cart. */

import type { Allocation } from '@toolworks/contract/availability';
import type { OrderStatus, PaymentMethod } from '@toolworks/contract/orders';
import type { ToolRecord } from './catalogue.js';
import type { Id, Page } from './common.js';
import type { InvoiceRecord, TermsInvoiceParties } from './documents.js';
import type { IdempotencyClaim } from '../../domain/repeat-requests.js';
import type { AppliedList } from '../../domain/pricing.js';
import type { FailedLine, LinePricing, OrderLineRequest } from '../../domain/order-lines.js';
import type { LineTax, OrderTaxContext, PlacedOrderTax } from '../../domain/order-tax.js';
import type { ShipmentLine, ShipmentPlan } from '../../domain/shipments.js';
import type { DateMove } from '../../domain/batch-receipt.js';

export type { FailedLine } from '../../domain/order-lines.js';

/** Where an order is in its life: the contract's ORDER_STATUSES. */
export type { OrderStatus };

export interface OrderLineRecord {
  toolId: Id;
  /** The tool's name when the order was placed (kept if the tool is deleted later). */
  name: string;
  /**
   * The tool's SKU when the order was placed, kept like the name. Absent only on lines of
   * orders placed before SKUs whose tool had already been deleted.
   */
  sku?: string;
  unitPriceCents: number;
  quantity: number;
  /** quantity x unitPriceCents */
  lineTotalCents: number;
  /**
   * Where the units come from (stock, an incoming batch, the lead time) and when each part ships.
   * Absent on lines placed before backorders: all from stock.
   */
  allocations?: Allocation[];
  /**
   * The price list (and the version's first day) that set the unit price when the order was
   * placed, its name as it was then; absent for the tool's own price or a quote's.
   */
  priceList?: AppliedList;
  /** The tool's unit when placed; absent: 'C62', a piece (and on lines placed before units). */
  unit?: string;
  /** The unit price is per this many pieces; absent: 1. */
  priceBasis?: number;
  /** Its tax as decided when placed (issue 51); absent on lines placed before. */
  tax?: LineTax;
}

export type OrderTaxRecord = PlacedOrderTax;

export interface OrderRecord {
  _id: Id;
  /** Sequential from 100001; shown as `TW-<number>`. */
  number: number;
  status: OrderStatus;
  /** At least one line, in the order the buyer listed them. */
  items: OrderLineRecord[];
  /** The first line's tool. */
  toolId: Id;
  /** The first line's name. */
  name: string;
  /** The first line's unit price. */
  unitPriceCents: number;
  /** The order total: the sum of the lines, and their tax when it was added to net prices. */
  priceCents: number;
  /** Absent on orders placed before issue 51 (their tax is the total's share at one rate). */
  tax?: OrderTaxRecord;
  /** The sum of the lines' quantities. */
  quantity: number;
  userName: string;
  userEmail: string;
  userPhone: string;
  userAddress: string;
  poReference?: string;
  /** The quote this order was placed from (its number, shown `Q-<number>`). */
  quoteNumber?: number;
  /** Derived from the status (paid, shipped, delivered, refunded). */
  isPaid: boolean;
  transactionId?: string;
  paymentIntentId?: string;
  paidAt?: string;
  shippedAt?: string;
  /** Given by the admin on shipping (both optional). */
  carrier?: string;
  trackingNumber?: string;
  deliveredAt?: string;
  refundedAt?: string;
  /** The gateway's refund id (`re_...`). */
  refundId?: string;
  refundReason?: string;
  /** Whether the refund put the lines back on the shelf (only when refunded before shipping). */
  refundRestocked?: boolean;
  /**
   * How it is paid (the checkout's choice): by `card`, or on `invoice`, on its company's payment
   * terms: its invoice was issued at once (or, awaiting approval, is issued when approved), due
   * later, and it is `confirmed` meanwhile.
   */
  paymentMethod: PaymentMethod;
  cancelledAt?: string;
  /**
   * While unpaid: when the reservation ends; awaiting approval: when its approval window ends (if
   * it has one); once expired, when it ended.
   */
  expiresAt?: string;
  /** The buyer's company when the order was placed (trade accounts). */
  companyId?: Id;
  approvedBy?: string;
  approvedAt?: string;
  rejectedBy?: string;
  rejectedAt?: string;
  rejectionReason?: string;
  createdAt: string;
  /** Its shipments, oldest first (issue 53); absent until the first one leaves. */
  shipments?: ShipmentRecord[];
}

/** One parcel of an order that has left: its lines (tool and units), carrier and tracking. */
export interface ShipmentRecord {
  _id: Id;
  lines: ShipmentLine[];
  carrier?: string;
  trackingNumber?: string;
  shippedAt: string;
  deliveredAt?: string;
  /** The Idempotency-Key it was recorded with, and that request's fingerprint (never on the wire). */
  idempotency?: { key: string; fingerprint: string };
}

export type { ShipmentLine };

export interface ShipInput {
  /** What to ship; absent: everything on hand that has not shipped. */
  lines?: ShipmentLine[];
  carrier?: string;
  trackingNumber?: string;
  now: string;
  /**
   * The whole order at once (the old Mark shipped): refused (WAITING) while any unit waits for a
   * batch or the lead time, so nothing is shipped on paper that is not on hand.
   */
  whole?: boolean;
  /**
   * The request's Idempotency-Key: a shipment of this order recorded with it answers REPLAYED
   * (the same request) or KEY_REUSED (another one), judged inside the shipment's transaction.
   */
  idempotency?: IdempotencyClaim;
}

export type ShipResult =
  | { outcome: 'SHIPPED'; order: OrderRecord; shipment: ShipmentRecord }
  /** Its status cannot ship (unpaid, cancelled, shipped...). */
  | { outcome: 'REFUSED'; order: OrderRecord }
  /** More than is on hand, a tool not in the order, or nothing left on hand. */
  | { outcome: 'NOT_SHIPPABLE'; order: OrderRecord; plan: Exclude<ShipmentPlan, { ok: true }> }
  /** `whole` asked while units still wait: `readyNow` could go now, `waiting` cannot. */
  | { outcome: 'WAITING'; order: OrderRecord; readyNow: number; waiting: number }
  /** A shipment with this Idempotency-Key was recorded by the same request: nothing new. */
  | { outcome: 'REPLAYED'; order: OrderRecord; shipment: ShipmentRecord }
  /** The Idempotency-Key was recorded with a different request. */
  | { outcome: 'KEY_REUSED'; order: OrderRecord };

export interface ReceiveBatchInput {
  expectedDate: string;
  /** Units that actually arrived. */
  quantity: number;
  now: string;
}

export type ReceiveBatchResult =
  | { ok: false; reason: 'NOT_FOUND' | 'NO_SUCH_BATCH' }
  | {
      ok: true;
      tool: ToolRecord;
      /** Units served to orders' promises (now shippable). */
      served: number;
      stockAdded: number;
      /** Orders whose promised date moved (fewer arrived than promised). */
      moves: DateMove[];
    };

export type NewOrderLine = OrderLineRequest;

export interface NewOrderInput {
  lines: NewOrderLine[];
  userName: string;
  userEmail: string;
  userPhone: string;
  userAddress: string;
  poReference?: string;
  /**
   * The time of placing; the reservation lasts until `expiresAt`. When the buyer is a company
   * member, the store reads their membership in the order's own transaction: the order records
   * the company, and an order above the member's spending limit per order, or one taking their
   * spending this calendar month (UTC; orders not cancelled, expired or rejected) above the
   * monthly limit, is placed `awaiting_approval` with its stock held until `approvalExpiresAt`
   * (none when absent): an approver who has not decided by then lets it expire.
   */
  now: string;
  expiresAt: string;
  approvalExpiresAt?: string;
  /** Refuse (TOO_MANY_UNPAID) when the buyer already holds this many live unpaid orders. */
  maxUnpaid?: number;
  /** Refuse (PRICE_CHANGED) unless the stored prices add up to exactly this. */
  expectedTotalCents?: number;
  /**
   * Whose prices (the shop's currency and the buyer's company price lists, read before the
   * transaction): each line is priced by the domain's one resolver. Absent: the tools' own prices.
   */
  pricing?: LinePricing;
  /**
   * How the lines are taxed (read before the transaction): each line's tax is decided by the
   * domain (order-tax.ts) from the tool as read inside it, and kept with the line; the total
   * (and `expectedTotalCents`) includes the tax. Absent: no tax is recorded, as before issue 51.
   */
  tax?: OrderTaxContext;
  /**
   * The lines are the buyer's cart as read before the transaction: inside it the cart must still
   * hold exactly them (else CART_EMPTY or CART_CHANGED, and nothing is written), and it is
   * emptied in the same write. Two checkouts of one cart at once place one order.
   */
  fromCart?: boolean;
  /**
   * A retried request's key: inside the transaction a key already on record for this buyer and
   * scope answers the order it placed (`replayed`), or IDEMPOTENCY_KEY_REUSED for a different
   * request; a new key is recorded with the order placed.
   */
  idempotency?: IdempotencyClaim;
  /**
   * Accept this quote in the same transaction: the order is placed only while the quote is
   * `offered` at `version` and valid through `today`, and the quote becomes `accepted` with the
   * order's id; otherwise QUOTE_CHANGED and nothing is written. The lines given must be the
   * quote's as read at that version (each offer moves the version, so they are its prices).
   */
  quote?: QuoteAcceptance;
  /**
   * Queue the buyer's email about the new order (`placedOrderMail`, domain/order-mail.ts, made
   * from the order as written and the invoice issued with it on terms) in the outbox in the same
   * transaction as the order (a dedupe key already there is skipped), so a placed order always
   * has its email and the request waits for one commit, not two.
   */
  emailBuyer?: boolean;
  /**
   * Pay on invoice (the order's `paymentMethod` is `invoice`, else `card`): the order is
   * confirmed on the company's terms in the same transaction. An order placed
   * `awaiting_approval` is only recorded as paid by invoice: its approval confirms it.
   */
  payOnInvoice?: PayOnInvoice;
}

/**
 * Pay on invoice (`paymentMethod` `invoice`): what confirming an order on its buyer's company's
 * payment terms needs. In the order's own
 * transaction the store checks that `email` is still a member of `companyId`, that the company
 * still has terms, and that its unpaid invoices plus this order stay within its credit limit;
 * then the order becomes `confirmed` (no reservation clock) and its invoice is issued with the
 * terms and due date, its snapshot made from the confirmed order and `parties`
 * (`termsInvoiceSnapshot`, domain/invoice-snapshot.ts) and written once.
 */
export interface PayOnInvoice {
  companyId: Id;
  /** When the invoice is issued (ISO); the due date counts from its day (UTC). */
  now: string;
  /** What the invoice prints beside the order, read before the transaction. */
  parties: TermsInvoiceParties;
}

/** Why an order could not go on the company's terms (judged inside the write). */
export type TermsRefusal =
  /** Not (or no longer) a member of the company, or the company has no terms. */
  | { ok: false; reason: 'NOT_ON_TERMS' }
  | { ok: false; reason: 'CREDIT_LIMIT_EXCEEDED'; availableCents: number };

export type ConfirmOnTermsResult =
  | { ok: true; order: OrderRecord; invoice: InvoiceRecord }
  | TermsRefusal
  | { ok: false; reason: 'NOT_FOUND' | 'NOT_CONFIRMABLE' };

export interface QuoteAcceptance {
  id: Id;
  number: number;
  version: number;
  /** `YYYY-MM-DD` (UTC): the offer must be valid through this day. */
  today: string;
}

export type PlaceOrderResult =
  /** `replayed`: the order an earlier request with the same idempotency key placed. */
  | { ok: true; order: OrderRecord; replayed?: true }
  /** A checkout's cart was taken by another checkout (EMPTY) or changed since it was read. */
  | { ok: false; reason: 'CART_EMPTY' | 'CART_CHANGED' }
  /** The idempotency key was first used for a different request. */
  | { ok: false; reason: 'IDEMPOTENCY_KEY_REUSED' }
  | {
      ok: false;
      reason: 'TOOL_NOT_FOUND' | 'OUT_OF_STOCK' | 'BELOW_MINIMUM' | 'QUANTITY_NOT_MULTIPLE';
      lines: FailedLine[];
    }
  | { ok: false; reason: 'PRICE_CHANGED'; totalCents: number }
  | { ok: false; reason: 'TOO_MANY_UNPAID'; unpaid: number }
  /** The shop has removed the buyer's account (checked inside the order's own write). */
  | { ok: false; reason: 'USER_REMOVED' }
  /** The quote to accept is no longer offered at that version, or its offer ended. */
  | { ok: false; reason: 'QUOTE_CHANGED' }
  | TermsRefusal;

/** NOT_UNPAID: cancelled, expired or rejected already. */
export type CancelOrderResult = 'CANCELLED' | 'NOT_FOUND' | 'PAID' | 'NOT_UNPAID';

/**
 * What an approved order becomes: one paid by card becomes `unpaid` with a fresh reservation
 * window; one paid by invoice (`paymentMethod`) is confirmed on its company's terms in the
 * approval's own write (membership, terms and credit limit judged there, its invoice issued).
 */
export type ApprovedNext =
  { status: 'unpaid'; expiresAt: string } | { status: 'confirmed'; payOnInvoice: PayOnInvoice };

export interface OrderApproval {
  /** The approver's email. */
  by: string;
  at: string;
  next: ApprovedNext;
}

export interface OrderRejection {
  by: string;
  at: string;
  reason: string;
}

/**
 * DONE: this call decided the order; NOT_AWAITING: it was not (or no longer) awaiting approval;
 * REFUSED: it could not go on its company's terms (nothing changed: it still awaits approval).
 */
export type DecisionResult =
  | { outcome: 'DONE' | 'NOT_AWAITING'; order: OrderRecord }
  | { outcome: 'REFUSED'; order: OrderRecord; refusal: TermsRefusal };

export type MarkPaidResult =
  | { outcome: 'PAID' | 'ALREADY_PAID'; order: OrderRecord; reservedAgain?: true }
  /** The order was cancelled, or expired and its stock is gone: the payment must be refunded. */
  | { outcome: 'NOT_PAYABLE'; order: OrderRecord };

export type OrderStatusFilter = OrderStatus;

export interface OrderFilter {
  status?: OrderStatusFilter;
  /**
   * Case-insensitive substring of the order number as shown (`TW-100123`), the buyer's email,
   * any line's tool name or SKU, the PO reference, the order's company (a member's order) or the
   * company in the buyer's profile. Taken literally: no wildcards or patterns.
   */
  search?: string;
  /** Placed at or after this ISO time. */
  placedFrom?: string;
  /** Placed before this ISO time. */
  placedBefore?: string;
}

export interface OrderListQuery extends OrderFilter {
  offset: number;
  limit: number;
}

export interface OrdersRepo {
  /**
   * Prices every line from the stored tools and reserves every line's stock in one atomic step,
   * all or nothing: the order exists only if each `availableQuantity >= quantity` held and was
   * decremented. A one-line Buy Now is a one-line place. Refused (USER_REMOVED) when the shop
   * has removed the buyer, judged in the same transaction, so an order racing a removal either
   * exists before the removal (which then cancels it) or not at all.
   */
  place(input: NewOrderInput): Promise<PlaceOrderResult>;
  /** The order a buyer's key placed within the last day, with the request's fingerprint. */
  byIdempotencyKey(
    email: string,
    claim: Pick<IdempotencyClaim, 'scope' | 'key'>,
    now: string,
  ): Promise<{ fingerprint: string; order: OrderRecord } | null>;
  /**
   * Confirms a placed, not yet paid order (`unpaid` or `awaiting_approval`, stock already held)
   * on its buyer's company's terms, with the same checks and invoice as `place` with
   * `payOnInvoice`,
   * in one transaction: for an order approved after it was placed. `email` is the buyer's.
   */
  confirmOnTerms(id: Id, payOnInvoice: PayOnInvoice): Promise<ConfirmOnTermsResult>;
  get(id: Id): Promise<OrderRecord | null>;
  /** Newest first. */
  listByEmail(email: string): Promise<OrderRecord[]>;
  /** Newest first. */
  list(query: OrderListQuery): Promise<Page<OrderRecord>>;
  /**
   * The ids of every order matching the filter, newest first, read at one moment: the export
   * pages through them by key, so orders changing status meanwhile are neither lost nor repeated.
   */
  listIds(filter: OrderFilter): Promise<Id[]>;
  /** These orders as they are now, in the order of `ids` (unknown ids left out). */
  getMany(ids: Id[]): Promise<OrderRecord[]>;
  /**
   * Cancels an unpaid order, or one awaiting approval (status `cancelled`, the order is kept),
   * and returns every line's stock, in one transaction.
   */
  cancelUnpaid(id: Id, now?: string): Promise<CancelOrderResult>;
  /**
   * Expires every unpaid order whose reservation ended at or before `now` and returns its stock,
   * atomically; answers the orders it expired (so their gateway payments can be cancelled).
   */
  expireDue(now: string): Promise<OrderRecord[]>;
  /**
   * Live unpaid orders of this buyer (reservation not ended at `now`), and their orders awaiting
   * approval (which hold stock too).
   */
  countUnpaid(email: string, now: string): Promise<number>;
  /**
   * Expires the orders awaiting approval whose window ended by `now` and returns their stock, in
   * one step each, as `expireDue` does for unpaid ones; answers them, now `expired`.
   */
  expireUnapproved(now: string): Promise<OrderRecord[]>;
  /**
   * Cents of this buyer's orders placed since the month (UTC) of `now` began, the ones cancelled,
   * expired or rejected aside: what their monthly spending limit counts.
   */
  spentThisMonth(email: string, now: string): Promise<number>;
  /** The company's orders, newest first; only those in `status` when given. */
  listByCompany(companyId: Id, status?: OrderStatus): Promise<OrderRecord[]>;
  /**
   * Moves an order awaiting approval to `approval.next` in one conditional update, so of two
   * approvers at once exactly one gets DONE. With `next.status` `confirmed` the same transaction
   * confirms it on terms (see `PayOnInvoice`) and records the approval, or changes nothing (REFUSED)
   * when the buyer left the company, the company lost its terms or its credit would be exceeded.
   * Null if there is no such order.
   */
  approve(id: Id, approval: OrderApproval): Promise<DecisionResult | null>;
  /**
   * Rejects an order awaiting approval and returns every line's stock, in one transaction with
   * the status as its precondition. Null if there is no such order.
   */
  reject(id: Id, rejection: OrderRejection): Promise<DecisionResult | null>;
  /** Remembers the payment intent created for this order. */
  setPaymentIntent(id: Id, paymentIntentId: string): Promise<void>;
  /**
   * Marks an unpaid order paid; a paid one is left as it is. An expired order is paid only if
   * every line's stock can be reserved again (atomically); otherwise, or for a cancelled,
   * rejected or still awaiting approval order, NOT_PAYABLE. Null if there is no such order. The buyer's reviews of the order's tools become
   * verified again (and count in the tools' ratings) in the same transaction.
   */
  markPaid(id: Id, transactionId: string, now?: string): Promise<MarkPaidResult | null>;
  /**
   * Marks a paid or confirmed (on terms), unshipped order shipped, with the carrier and tracking number when given.
   * Null if there is no such order (a shipped one answers as it is, unchanged).
   */
  markShipped(id: Id, shipment?: Shipment, now?: string): Promise<OrderRecord | null>;
  /**
   * Records one shipment (issue 53) in one transaction: the order's shipments and lines read
   * inside it, the request checked by the domain (`planShipment`: never more than ordered minus
   * shipped, only units on hand), the shipment written and the order moved to `partly_shipped`
   * or `shipped` (then with `shippedAt`, carrier and tracking of its last shipment). Two racing
   * shipments never ship more than ordered. Null if there is no such order.
   */
  recordShipment(id: Id, input: ShipInput): Promise<ShipResult | null>;
  /**
   * Marks one shipment (or, `shipmentId` null, every shipment) delivered; the order becomes
   * `delivered` once it has wholly shipped and all its shipments are. REFUSED when the order has
   * no shipment yet (or is not shipped/partly shipped); null if the order or shipment is unknown.
   */
  markShipmentsDelivered(
    id: Id,
    shipmentId: Id | null,
    now: string,
  ): Promise<FulfilmentResult<'DELIVERED'> | null>;
  /** Paid, confirmed or partly shipped orders with units on hand to ship, oldest first (at most `limit`). */
  listReadyToShip(limit: number): Promise<OrderRecord[]>;
  /**
   * Receives a tool's incoming batch (`receiveBatch`, domain/batch-receipt.ts) in one
   * transaction: the tool's stock and batches and every holding order line's allocations.
   */
  receiveBatch(toolId: Id, input: ReceiveBatchInput): Promise<ReceiveBatchResult>;
  /** Marks a shipped order delivered, in one conditional update. Null if there is no order. */
  markDelivered(id: Id, now: string): Promise<FulfilmentResult<'DELIVERED'> | null>;
  /**
   * Marks a paid, shipped or delivered order refunded, in one transaction with the status as
   * its precondition; an order refunded while `paid` (not shipped) gets every line's stock back
   * in the same transaction. In that transaction too, the buyer's reviews of the order's tools
   * stop being verified (and leave the tools' ratings) unless another paid order still holds
   * that tool. ALREADY for a refunded order (nothing changes), REFUSED for any other status.
   * Null if there is no order.
   */
  markRefunded(id: Id, refund: RefundInput): Promise<FulfilmentResult<'REFUNDED'> | null>;
}

export interface Shipment {
  carrier?: string;
  trackingNumber?: string;
}

export interface RefundInput {
  refundId: string;
  reason?: string;
  now: string;
}

/** `done`: this call changed the order; ALREADY: it was so before; REFUSED: wrong status. */
export type FulfilmentResult<Done extends string> = {
  outcome: Done | 'ALREADY' | 'REFUSED';
  order: OrderRecord;
};

/** A cart line with its tool as stored now. */
export interface CartLineRecord {
  tool: ToolRecord;
  quantity: number;
}

/** The signed-in buyer's cart, one line per tool. */
export interface CartsRepo {
  /** Oldest line first; tools deleted since are gone from the cart. */
  get(email: string): Promise<CartLineRecord[]>;
  /** Sets the line's quantity (adds the line). The tool must exist. */
  set(email: string, toolId: Id, quantity: number, now: string): Promise<void>;
  remove(email: string, toolId: Id): Promise<void>;
  clear(email: string): Promise<void>;
}
