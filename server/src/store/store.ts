/**
 * The storage port. Routers and services talk to these interfaces only; the adapters in
 * `sqlite/` and `mongo/` are the only code that touches a database driver.
 *
 * Records are plain objects. Ids are 24-hex-character strings from either adapter.
 * Money is integer cents. Emails are stored lower-cased (callers pass them normalised).
 */

import type { PriceTierCents } from '@toolworks/contract/pricing';

export type Id = string;

export interface ToolRecord {
  _id: Id;
  name: string;
  img: string;
  priceCents: number;
  description: string;
  availableQuantity: number;
  minimumOrderQuantity: number;
  /** A category slug. */
  category: string;
  specs: ToolSpec[];
  datasheetUrl?: string;
  /** Over the tool's visible reviews; kept up to date by the reviews repo. */
  ratingSum: number;
  ratingCount: number;
  /** Volume prices, quantities rising; [] when none. */
  priceTiers: PriceTierCents[];
  createdAt: string;
  updatedAt: string;
}

export interface ToolSpec {
  name: string;
  value: string;
}

/**
 * The catalogue fields are optional so that older callers (seed, bench, factories) still fit:
 * a new tool gets category "other" and no specs; an update leaves an absent field as it is, and
 * `datasheetUrl: null` removes the link.
 */
export type ToolInput = Pick<
  ToolRecord,
  'name' | 'img' | 'priceCents' | 'description' | 'availableQuantity' | 'minimumOrderQuantity'
> & {
  category?: string;
  specs?: ToolSpec[];
  datasheetUrl?: string | null;
  /** None on create means []; none on update keeps the tool's tiers. */
  priceTiers?: PriceTierCents[];
};

export const DEFAULT_CATEGORY = 'other';

export interface Page<T> {
  items: T[];
  total: number;
}

export type ToolSort = 'newest' | 'price_asc' | 'price_desc' | 'name';
/** The filters shared by the tool list and the category counts. */
export interface ToolFilter {
  /** Case-insensitive substring of the name or the description. */
  search?: string;
  category?: string;
  inStock?: boolean;
  minPriceCents?: number;
  maxPriceCents?: number;
}
export interface ToolListQuery extends ToolFilter {
  /** Newest first when absent. */
  sort?: ToolSort;
  offset: number;
  limit: number;
  /** false: the caller knows the total already, skip counting (`total` is then -1). */
  withTotal?: boolean;
}
export interface CategoryRecord {
  slug: string;
  name: string;
}
export interface CategoryCount extends CategoryRecord {
  count: number;
}
export interface CategoriesRepo {
  /** By name; each with the number of tools matching `filter` (its `category` is ignored). */
  listWithCounts(filter: ToolFilter): Promise<CategoryCount[]>;
  get(slug: string): Promise<CategoryRecord | null>;
  /** 'DUPLICATE' when the slug or the name (any case) is taken. */
  create(category: CategoryRecord): Promise<CategoryRecord | 'DUPLICATE'>;
}

export interface ToolUpdateGuard {
  ifAvailableQuantity: number;
}

export interface ToolsRepo {
  list(query: ToolListQuery): Promise<Page<ToolRecord>>;
  /**
   * The same page with each tool turned into text by `serialize`, which must be a pure function
   * of the record: an adapter may reuse what it returned for a stored row identical to one it has
   * seen (SQLite compares the whole row's text), which is most of an uncached catalogue page's
   * time otherwise (docs/performance.md).
   */
  listSerialized(
    query: ToolListQuery,
    serialize: (tool: ToolRecord) => string,
  ): Promise<Page<string>>;
  get(id: Id): Promise<ToolRecord | null>;
  create(input: ToolInput): Promise<ToolRecord>;
  /**
   * Replaces the editable fields; null if there is no such tool. With `ifAvailableQuantity`, only
   * while the stock is still that number, in the same atomic step: otherwise nothing is written
   * and the answer is STOCK_CHANGED (an order was placed or cancelled since the caller read it).
   */
  update(
    id: Id,
    input: ToolInput,
    guard?: ToolUpdateGuard,
  ): Promise<ToolRecord | null | 'STOCK_CHANGED'>;
  delete(id: Id): Promise<boolean>;
  count(): Promise<number>;
  /** Every distinct tool name, in no order: the vocabulary of the catalogue's typo tolerance. */
  names(): Promise<string[]>;
  /** Bulk insert for seeding and benchmarks. */
  insertMany(inputs: ToolInput[]): Promise<number>;
}

/** Where an order is in its life; the same words as the contract's ORDER_STATUSES. */
export type OrderStatusValue =
  'unpaid' | 'paid' | 'shipped' | 'delivered' | 'cancelled' | 'expired' | 'refunded';

/** Statuses in which the shop has been paid (a refund gives the money back). */
export const PAID_STATUSES: readonly OrderStatusValue[] = [
  'paid',
  'shipped',
  'delivered',
  'refunded',
];

/** The spec's two order flags, worked out from the status in one place for every adapter. */
export function statusFlags(status: OrderStatusValue): { isPaid: boolean; iscancelled: boolean } {
  return {
    isPaid: PAID_STATUSES.includes(status),
    iscancelled: status === 'cancelled' || status === 'expired',
  };
}

export interface OrderLineRecord {
  toolId: Id;
  /** The tool's name when the order was placed (kept if the tool is deleted later). */
  name: string;
  unitPriceCents: number;
  quantity: number;
  /** quantity x unitPriceCents */
  lineTotalCents: number;
}

export interface OrderRecord {
  _id: Id;
  /** Sequential from 100001; shown as `TW-<number>`. */
  number: number;
  status: OrderStatusValue;
  /** At least one line, in the order the buyer listed them. */
  items: OrderLineRecord[];
  /** The first line's tool. */
  toolId: Id;
  /** The first line's name. */
  name: string;
  /** The first line's unit price. */
  unitPriceCents: number;
  /** The order total: the sum of the lines. */
  priceCents: number;
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
  /** Derived from the status (cancelled, expired). */
  iscancelled: boolean;
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
  cancelledAt?: string;
  /** While unpaid: when the reservation ends; once expired, when it ended. */
  expiresAt?: string;
  createdAt: string;
}

export interface NewOrderLine {
  toolId: Id;
  quantity: number;
  /** An accepted quote's agreed price; otherwise the tool's (tiered) price for the quantity. */
  unitPriceCents?: number;
}

export interface NewOrderInput {
  lines: NewOrderLine[];
  userName: string;
  userEmail: string;
  userPhone: string;
  userAddress: string;
  poReference?: string;
  /** The time of placing; the reservation lasts until `expiresAt`. */
  now: string;
  expiresAt: string;
  /** Refuse (TOO_MANY_UNPAID) when the buyer already holds this many live unpaid orders. */
  maxUnpaid?: number;
  /** Refuse (PRICE_CHANGED) unless the stored prices add up to exactly this. */
  expectedTotalCents?: number;
  /** Remove the ordered tools from the buyer's cart in the same transaction. */
  clearCart?: boolean;
  /**
   * Accept this quote in the same transaction: the order is placed only while the quote is
   * `offered` at `version` and valid through `today`, and the quote becomes `accepted` with the
   * order's id; otherwise QUOTE_CHANGED and nothing is written. The lines given must be the
   * quote's as read at that version (each offer moves the version, so they are its prices).
   */
  quote?: QuoteAcceptance;
  /**
   * The emails to queue for the placed order, made from it: they enter the outbox in the same
   * transaction as the order (a dedupe key already there is skipped), so a placed order always
   * has its email and the request waits for one commit, not two.
   */
  mail?: (order: OrderRecord) => OutboxMessageInput[];
}

export interface QuoteAcceptance {
  id: Id;
  number: number;
  version: number;
  /** `YYYY-MM-DD` (UTC): the offer must be valid through this day. */
  today: string;
}

/** A line that could not be reserved, as the tool stands now. */
export interface FailedLine {
  toolId: Id;
  name: string;
  availableQuantity: number;
  minimumOrderQuantity: number;
}

export type PlaceOrderResult =
  | { ok: true; order: OrderRecord }
  | {
      ok: false;
      reason: 'TOOL_NOT_FOUND' | 'OUT_OF_STOCK' | 'BELOW_MINIMUM';
      lines: FailedLine[];
    }
  | { ok: false; reason: 'PRICE_CHANGED'; totalCents: number }
  | { ok: false; reason: 'TOO_MANY_UNPAID'; unpaid: number }
  /** The shop has removed the buyer's account (checked inside the order's own write). */
  | { ok: false; reason: 'USER_REMOVED' }
  /** The quote to accept is no longer offered at that version, or its offer ended. */
  | { ok: false; reason: 'QUOTE_CHANGED' };

/** NOT_UNPAID: cancelled or expired already. */
export type CancelOrderResult = 'CANCELLED' | 'NOT_FOUND' | 'PAID' | 'NOT_UNPAID';

export type MarkPaidResult =
  | { outcome: 'PAID' | 'ALREADY_PAID'; order: OrderRecord; reservedAgain?: true }
  /** The order was cancelled, or expired and its stock is gone: the payment must be refunded. */
  | { outcome: 'NOT_PAYABLE'; order: OrderRecord };

export type OrderStatusFilter = OrderStatusValue;

export interface OrderFilter {
  status?: OrderStatusFilter;
  /**
   * Case-insensitive substring of the order number as shown (`TW-100123`), the buyer's email,
   * any line's tool name, the PO reference or the buyer's company (from their profile). Taken
   * literally: no wildcards or patterns.
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
   * Cancels an unpaid order (status `cancelled`, the order is kept) and returns every line's
   * stock, in one transaction.
   */
  cancelUnpaid(id: Id, now?: string): Promise<CancelOrderResult>;
  /**
   * Expires every unpaid order whose reservation ended at or before `now` and returns its stock,
   * atomically; answers the orders it expired (so their gateway payments can be cancelled).
   */
  expireDue(now: string): Promise<OrderRecord[]>;
  /** Live unpaid orders of this buyer (reservation not ended at `now`). */
  countUnpaid(email: string, now: string): Promise<number>;
  /** Remembers the payment intent created for this order. */
  setPaymentIntent(id: Id, paymentIntentId: string): Promise<void>;
  /**
   * Marks an unpaid order paid; a paid one is left as it is. An expired order is paid only if
   * every line's stock can be reserved again (atomically); otherwise, or for a cancelled order,
   * NOT_PAYABLE. Null if there is no such order. The buyer's reviews of the order's tools become
   * verified again (and count in the tools' ratings) in the same transaction.
   */
  markPaid(id: Id, transactionId: string, now?: string): Promise<MarkPaidResult | null>;
  /**
   * Marks a paid, unshipped order shipped, with the carrier and tracking number when given.
   * Null if there is no such paid order (a shipped one answers as it is, unchanged).
   */
  markShipped(id: Id, shipment?: Shipment, now?: string): Promise<OrderRecord | null>;
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

export type Role = 'admin';

/** Where an admin right came from: ADMIN_EMAILS at sign-in, or an admin's Make Admin. */
export type AdminSource = 'list' | 'granted';

export interface UserRecord {
  _id: Id;
  email: string;
  name?: string;
  role?: Role;
  /** Present exactly when `role` is. */
  adminSource?: AdminSource;
  /** Set while the shop has removed (blocked) this address; ISO time. */
  removedAt?: string;
  /**
   * Access tokens issued before this ISO time are refused: set by a removal and kept by a
   * restore, so a restored account starts with new sign-ins only.
   */
  sessionsValidFrom?: string;
  createdAt: string;
}

export type DemoteAdminResult = 'DEMOTED' | 'NOT_ADMIN' | 'LAST_ADMIN';
export type RemoveUserResult = 'REMOVED' | 'NOT_FOUND' | 'LAST_ADMIN';

export interface UsersRepo {
  /**
   * Creates the user or refreshes the name; never changes the role, nor whether the address is
   * removed (the answer carries `removedAt` so the caller can refuse a removed user).
   */
  upsert(email: string, name?: string): Promise<UserRecord>;
  /** Users the shop has not removed; `includeRemoved` also finds removed ones. */
  getByEmail(email: string, options?: { includeRemoved?: boolean }): Promise<UserRecord | null>;
  /**
   * Oldest first: the users in the shop, or with `removed: true` only the removed ones;
   * `search` keeps those whose email or name holds it (any case, taken literally).
   */
  list(options?: { removed?: boolean; search?: string }): Promise<UserRecord[]>;
  /**
   * Makes a user in the shop admin (default source 'granted'): 1 if the record changed, 0 if
   * already admin from that source or unknown. A grant turns a list right into a granted one;
   * the list never turns a grant back into a list right.
   */
  makeAdmin(email: string, source?: AdminSource): Promise<number>;
  /** Takes away an admin right, in one atomic step only while another admin remains. */
  demoteAdmin(email: string): Promise<DemoteAdminResult>;
  /** Takes away the list rights of admins no longer listed (run at start-up); how many. */
  demoteListAdminsExcept(listed: readonly string[]): Promise<number>;
  /**
   * Blocks the address (the row stays, marked removed, without any admin right) and deletes the
   * profile; orders are kept. Atomic with the check that another admin remains. Removing a
   * removed user again answers NOT_FOUND.
   */
  remove(email: string): Promise<RemoveUserResult>;
  /** Lets a removed user back in as a customer: 1 if they were removed, else 0. */
  restore(email: string): Promise<number>;
}

export interface ProfileRecord {
  name: string;
  email_address: string;
  LinkedIn_profile_link: string;
  country: string;
  street_address: string;
  city: string;
  state: string;
  phone: string;
  company_name: string;
  vat_id: string;
  delivery_address: string;
  postal_code: string;
}

export interface ProfilesRepo {
  get(email: string): Promise<ProfileRecord | null>;
  /** The saved profiles of these addresses (any case), in one read; missing ones left out. */
  getMany(emails: readonly string[]): Promise<ProfileRecord[]>;
  upsert(profile: ProfileRecord): Promise<ProfileRecord>;
}

export interface ReviewRecord {
  _id: Id;
  review: string;
  ratings: number;
  authorEmail: string;
  authorName: string;
  /** The tool reviewed; absent for a review of the shop. */
  toolId?: Id;
  /**
   * The author has a paid (not refunded) order for the tool; the orders repo keeps it so as
   * orders are paid and refunded. Only verified, visible reviews count in the tool's rating.
   */
  verified: boolean;
  /** Hidden by an admin: left out of every public list and of the tool's rating. */
  hidden: boolean;
  createdAt: string;
}

export type ReviewInput = Pick<ReviewRecord, 'review' | 'ratings' | 'authorEmail' | 'authorName'> &
  Partial<Pick<ReviewRecord, 'toolId' | 'verified'>>;

export interface ReviewListQuery {
  toolId?: Id;
  includeHidden?: boolean;
}

export interface ReviewsRepo {
  /** Newest first; visible reviews only unless `includeHidden`. */
  list(query?: ReviewListQuery): Promise<ReviewRecord[]>;
  get(id: Id): Promise<ReviewRecord | null>;
  /**
   * A verified tool review also adds to the tool's rating, in the same atomic step. One review
   * per author and tool (a unique index): a second answers DUPLICATE and changes nothing.
   */
  create(input: ReviewInput): Promise<ReviewRecord | 'DUPLICATE'>;
  /**
   * Hides or shows a review and moves the tool's rating with it, atomically; null if there is no
   * such review. Setting the state it already has changes nothing.
   */
  setHidden(id: Id, hidden: boolean): Promise<ReviewRecord | null>;
  /**
   * Whether `email` has a paid order for the tool. The one place this rule lives: when orders
   * gain lines, this is re-pointed at them.
   */
  hasPaidOrderFor(email: string, toolId: Id): Promise<boolean>;
  insertMany(inputs: ReviewInput[]): Promise<number>;
  count(): Promise<number>;
}

export interface PaymentEventsRepo {
  /** Records a gateway event; false if this event id was recorded before (a replay). */
  record(eventId: string, type: string, orderId: Id | null): Promise<boolean>;
}

/** Counted as Manage Orders' status tabs count them, so the two screens agree. */
export interface OrderTotals {
  /** Every order on record, whatever its status (the All tab). */
  orders: number;
  unpaid: number;
  /** Paid and not shipped yet. */
  paid: number;
  /** Shipped and not yet delivered. */
  shipped: number;
  delivered: number;
  /** The sum of the paid, shipped and delivered orders' prices. */
  revenueCents: number;
}

export interface DailyOrders {
  /** The UTC calendar day the orders were placed, `YYYY-MM-DD`. */
  day: string;
  orders: number;
  /** The price of that day's orders that have been paid. */
  revenueCents: number;
}

export interface ToolSales {
  toolId: Id;
  /** The tool's current name, or the name on its orders if the tool was deleted. */
  name: string;
  quantity: number;
  revenueCents: number;
}

/** Read-only aggregates for the admin overview. */
export interface StatsRepo {
  orderTotals(): Promise<OrderTotals>;
  /** Orders placed at or after `since` (ISO time), per UTC day; days without orders are absent. */
  ordersPerDay(since: string): Promise<DailyOrders[]>;
  /** Paid orders only, by quantity, most first (ties: more revenue, then the older tool id). */
  bestSellers(limit: number): Promise<ToolSales[]>;
  /** Tools with `availableQuantity < factor x minimum`, the scarcest relative to it first. */
  lowStock(factor: number, limit: number): Promise<ToolRecord[]>;
  /** Users who are not admins. */
  customerCount(): Promise<number>;
}

/** A fixed-window request counter, shared by every instance on the store. */
export interface RateLimitCount {
  count: number;
  /** Epoch ms when this window ends and the count starts again. */
  resetAt: number;
}

export interface RateLimitsRepo {
  /**
   * Counts one request under `key`, atomically: a window opens at a key's first request and lasts
   * `windowMs`; a request after it opens a new one with a count of 1.
   */
  hit(key: string, windowMs: number, now: number): Promise<RateLimitCount>;
  /** The open window's count; null when there is none. */
  get(key: string, now: number): Promise<RateLimitCount | null>;
  /** Takes one request back (a request the limiter was told not to count after all). */
  decrement(key: string): Promise<void>;
  reset(key: string): Promise<void>;
}

/** A payment intent of the built-in test gateway (payments/test-gateway.ts). */
export interface TestIntentRecord {
  id: string;
  clientSecret: string;
  status: string;
  amountCents: number;
  currency: string;
  orderId: string | null;
  /** Null once forgotten (after a day, as on Stripe). */
  idempotencyKey: string | null;
  /** Epoch ms. */
  createdAt: number;
}

export interface TestIntentsRepo {
  /** Stores the intent unless its idempotency key is held; answers the intent holding the key. */
  insertOnce(intent: TestIntentRecord): Promise<TestIntentRecord>;
  get(id: string): Promise<TestIntentRecord | null>;
  /**
   * Moves an intent that is neither succeeded nor canceled to `status`, atomically, so two
   * instances cannot both confirm it. Null when it was not open (or is unknown).
   */
  finish(id: string, status: 'succeeded' | 'canceled'): Promise<TestIntentRecord | null>;
  /** Forgets idempotency keys from before `cutoff` and drops unsucceeded intents from before it. */
  forget(cutoff: number): Promise<void>;
}

export type OutboxStatus = 'pending' | 'sent' | 'failed';

/** An attachment made at send time from its stored snapshot (the invoice or credit note PDF). */
export interface OutboxAttachmentRef {
  kind: 'invoice' | 'credit-note';
  orderId: Id;
}

export interface OutboxMessageInput {
  /** What the message is about (`order-placed`, `payment-received`, ...). */
  kind: string;
  orderId?: Id;
  to: string;
  subject: string;
  html: string;
  text: string;
  attachments?: OutboxAttachmentRef[];
  /** One message per key, ever: a repeated enqueue (a webhook and the browser both reporting a
   * payment) returns the first. */
  dedupeKey?: string;
}

export interface OutboxMessage extends Required<Omit<OutboxMessageInput, 'orderId' | 'dedupeKey'>> {
  _id: Id;
  orderId?: Id;
  dedupeKey?: string;
  status: OutboxStatus;
  /** Claims so far, counted at the claim so a message that crashes its sender still runs out. */
  attempts: number;
  nextAttemptAt: string;
  lastError?: string;
  claimedBy?: string;
  claimedUntil?: string;
  createdAt: string;
  sentAt?: string;
}

export interface OutboxListQuery {
  status?: OutboxStatus;
  offset: number;
  limit: number;
}

export interface OutboxRepo {
  enqueue(
    input: OutboxMessageInput,
    now: string,
  ): Promise<{ message: OutboxMessage; created: boolean }>;
  /**
   * Leases up to `limit` due pending messages to `workerId` until `now + leaseMs`, in one atomic
   * step: a message is held by one sender at a time, and a lease that ran out (a crashed sender)
   * can be taken over. Each claim counts as an attempt.
   */
  claim(workerId: string, now: string, leaseMs: number, limit: number): Promise<OutboxMessage[]>;
  /** Only the lease holder can settle a message; false when the lease was lost. */
  markSent(id: Id, workerId: string, at: string): Promise<boolean>;
  /** `retryAt` null: give up (`failed`); otherwise pending again from then. */
  markFailed(id: Id, workerId: string, error: string, retryAt: string | null): Promise<boolean>;
  /** A failed message becomes pending again with fresh attempts. */
  retry(id: Id, now: string): Promise<OutboxMessage | null | 'NOT_FAILED'>;
  get(id: Id): Promise<OutboxMessage | null>;
  /** Newest first. */
  list(query: OutboxListQuery): Promise<Page<OutboxMessage>>;
}

/** One line as an invoice or credit note prints it. */
export interface DocumentLine {
  name: string;
  quantity: number;
  unitPriceCents: number;
  lineTotalCents: number;
}

/** Everything an invoice prints, as it was when the number was assigned (issue 23). */
export interface InvoiceSnapshot {
  seller: { name: string; address: string[]; taxId?: string };
  buyer: {
    name: string;
    email: string;
    company?: string;
    vatId?: string;
    billingAddress: string[];
    deliveryAddress: string[];
  };
  orderNumber: string;
  poReference?: string;
  lines: DocumentLine[];
  subtotalCents: number;
  taxRatePercent: number;
  taxCents: number;
  totalCents: number;
  /** ISO 4217, as charged. */
  currency: string;
  paidAt: string;
  transactionId?: string;
}

export interface InvoiceRecord {
  orderId: Id;
  /** `INV-2026-000123` */
  number: string;
  year: number;
  seq: number;
  paidAt: string;
  issuedAt: string;
  /** Absent only on invoices issued before migration 013, until the service freezes them. */
  snapshot?: InvoiceSnapshot;
}

export interface InvoicesRepo {
  /**
   * The order's invoice, numbered from its paid year's gap-free sequence and stored with
   * `snapshot` on the first call; later calls return the same invoice (one number per order, even
   * with concurrent callers) and never change its snapshot, except to give one to an invoice
   * that has none.
   */
  assign(orderId: Id, paidAt: string, snapshot: InvoiceSnapshot): Promise<InvoiceRecord>;
  get(orderId: Id): Promise<InvoiceRecord | null>;
}

/** What a credit note prints: the invoice's parties and lines, and the refund. */
export interface CreditNoteSnapshot extends Omit<InvoiceSnapshot, 'paidAt' | 'transactionId'> {
  invoiceNumber: string;
  refundedAt: string;
  refundId?: string;
  reason?: string;
}

export interface CreditNoteRecord {
  orderId: Id;
  /** `CN-2026-000001` */
  number: string;
  year: number;
  seq: number;
  issuedAt: string;
  snapshot: CreditNoteSnapshot;
}

export interface CreditNotesRepo {
  /**
   * The refunded order's credit note, numbered from its refund year's own gap-free sequence on
   * the first call; later calls (even concurrent ones) return that one.
   */
  issue(orderId: Id, snapshot: CreditNoteSnapshot): Promise<CreditNoteRecord>;
  get(orderId: Id): Promise<CreditNoteRecord | null>;
}

/** Stored statuses; `expired` is an offer past `validUntil`, judged when read. */
export type QuoteStoredStatus = 'requested' | 'offered' | 'declined' | 'accepted';

export interface QuoteLineRecord {
  toolId: Id;
  name: string;
  quantity: number;
  listUnitPriceCents: number;
  /** Set by the offer. */
  unitPriceCents?: number;
}

export interface QuoteRecord {
  _id: Id;
  /** Sequential from 100001; shown as `Q-<number>`. */
  number: number;
  status: QuoteStoredStatus;
  items: QuoteLineRecord[];
  userName: string;
  userEmail: string;
  userPhone: string;
  userAddress: string;
  requestedDeliveryDate?: string;
  message: string;
  /** `YYYY-MM-DD`: the offer holds through the end of that UTC day. */
  validUntil?: string;
  declineReason?: string;
  /** 0 until offered; every offer adds 1, so an acceptance can name the offer it saw. */
  version: number;
  /** The admin's note to the buyer with the offer. */
  offerNote?: string;
  orderId?: Id;
  createdAt: string;
  updatedAt: string;
}

export type NewQuoteInput = Pick<
  QuoteRecord,
  'items' | 'userName' | 'userEmail' | 'userPhone' | 'userAddress' | 'message'
> & { requestedDeliveryDate?: string };

/** NOT_FOUND: no such quote; WRONG_STATUS: the quote is no longer in a state that allows it. */
export type QuoteChange = QuoteRecord | 'NOT_FOUND' | 'WRONG_STATUS';

export interface QuotesRepo {
  /** Numbers the quote (the next in sequence) and stores it as `requested`. */
  create(input: NewQuoteInput): Promise<QuoteRecord>;
  get(id: Id): Promise<QuoteRecord | null>;
  /** Newest first. */
  listByEmail(email: string): Promise<QuoteRecord[]>;
  /** Newest first; all statuses when none is given. */
  list(status?: QuoteStoredStatus): Promise<QuoteRecord[]>;
  /**
   * Sets each line's unit price, the validity and the note (none removes it), and moves the
   * version on by one; only from `requested` or `offered`.
   */
  offer(id: Id, offer: QuoteOffer): Promise<QuoteChange>;
  /** Only from `requested` or `offered`. */
  decline(id: Id, reason: string): Promise<QuoteChange>;
}

export interface QuoteOffer {
  unitPrices: Record<Id, number>;
  validUntil: string;
  note?: string;
}

export type PaymentTermsValue = 'none' | 'net-15' | 'net-30' | 'net-60';
export type CompanyRoleValue = 'buyer' | 'approver' | 'company-admin';

export interface CompanyAddressRecord {
  label: string;
  address: string;
}

export interface CompanyInput {
  name: string;
  vatId: string;
  billingAddress: string;
  deliveryAddresses: CompanyAddressRecord[];
  paymentTerms: PaymentTermsValue;
  creditLimitCents: number;
}

export interface CompanyRecord extends CompanyInput {
  _id: Id;
  memberCount: number;
  createdAt: string;
  updatedAt: string;
}

export interface CompanyMemberRecord {
  companyId: Id;
  email: string;
  name?: string;
  role: CompanyRoleValue;
  /** Absent: no limit. */
  spendingLimitPerOrderCents?: number;
  spendingLimitPerMonthCents?: number;
  joinedAt: string;
}

export interface NewMember {
  email: string;
  name?: string;
}

/** A change to a member; a limit of null removes it, an absent field stays as it is. */
export interface MemberChange {
  role?: CompanyRoleValue;
  spendingLimitPerOrderCents?: number | null;
  spendingLimitPerMonthCents?: number | null;
}

export type InvitationStatus = 'pending' | 'accepted' | 'revoked';

export interface CompanyInvitationRecord {
  _id: Id;
  companyId: Id;
  email: string;
  role: CompanyRoleValue;
  /** sha256 of the emailed token, hex: the token itself is never stored. */
  tokenHash: string;
  status: InvitationStatus;
  invitedBy: string;
  expiresAt: string;
  createdAt: string;
  acceptedAt?: string;
}

export type NewInvitation = Pick<
  CompanyInvitationRecord,
  'companyId' | 'email' | 'role' | 'tokenHash' | 'invitedBy' | 'expiresAt'
>;

export type AcceptInvitationResult =
  | { member: CompanyMemberRecord; company: CompanyRecord }
  | 'NOT_FOUND'
  | 'NOT_PENDING'
  | 'EXPIRED'
  | 'WRONG_EMAIL'
  | 'ALREADY_MEMBER';

export interface CompaniesRepo {
  /** With `firstAdmin`, that person joins as its company-admin in the same transaction. */
  create(input: CompanyInput, firstAdmin?: NewMember): Promise<CompanyRecord | 'ALREADY_MEMBER'>;
  /** Replaces the editable fields; null if there is no such company. */
  update(id: Id, input: CompanyInput): Promise<CompanyRecord | null>;
  get(id: Id): Promise<CompanyRecord | null>;
  /** By name. */
  list(): Promise<CompanyRecord[]>;
  /** The one company this person belongs to, and their membership. */
  membershipOf(
    email: string,
  ): Promise<{ company: CompanyRecord; member: CompanyMemberRecord } | null>;
  /** Company-admins first, then by email. */
  members(companyId: Id): Promise<CompanyMemberRecord[]>;
  /** LAST_ADMIN: the change would leave the company without a company-admin; nothing changes. */
  updateMember(
    companyId: Id,
    email: string,
    change: MemberChange,
  ): Promise<CompanyMemberRecord | 'NOT_FOUND' | 'LAST_ADMIN'>;
  removeMember(companyId: Id, email: string): Promise<'REMOVED' | 'NOT_FOUND' | 'LAST_ADMIN'>;
  /** Stores a pending invitation; an earlier pending one to the same address is revoked. */
  invite(input: NewInvitation): Promise<CompanyInvitationRecord>;
  /** Pending and not expired at `now`, newest first. */
  pendingInvitations(companyId: Id, now: string): Promise<CompanyInvitationRecord[]>;
  invitationByTokenHash(tokenHash: string): Promise<CompanyInvitationRecord | null>;
  revokeInvitation(companyId: Id, id: Id): Promise<'REVOKED' | 'NOT_FOUND' | 'NOT_PENDING'>;
  /**
   * Ties `who` to the invitation's company with its role and marks it accepted, in one
   * transaction: only while pending, unexpired at `now`, addressed to `who.email`, and while
   * `who` belongs to no company (a person is in at most one, even when two accepts race).
   */
  acceptInvitation(tokenHash: string, who: NewMember, now: string): Promise<AcceptInvitationResult>;
}

export type TradeApplicationStatus = 'pending' | 'approved' | 'declined';

export interface TradeApplicationRecord {
  _id: Id;
  email: string;
  name?: string;
  companyName: string;
  vatId: string;
  billingAddress: string;
  deliveryAddress: string;
  phone: string;
  note: string;
  status: TradeApplicationStatus;
  declineReason?: string;
  companyId?: Id;
  createdAt: string;
  decidedAt?: string;
}

export type NewTradeApplication = Pick<
  TradeApplicationRecord,
  | 'email'
  | 'name'
  | 'companyName'
  | 'vatId'
  | 'billingAddress'
  | 'deliveryAddress'
  | 'phone'
  | 'note'
>;

export interface TradeApplicationsRepo {
  /** PENDING_EXISTS: this person has a pending application already (one at a time). */
  create(input: NewTradeApplication): Promise<TradeApplicationRecord | 'PENDING_EXISTS'>;
  get(id: Id): Promise<TradeApplicationRecord | null>;
  latestByEmail(email: string): Promise<TradeApplicationRecord | null>;
  /** Newest first. */
  list(status?: TradeApplicationStatus): Promise<TradeApplicationRecord[]>;
  /**
   * In one transaction, only while pending: creates the company with the applicant as its
   * company-admin and marks the application approved.
   */
  approve(
    id: Id,
    company: CompanyInput,
  ): Promise<
    | { application: TradeApplicationRecord; company: CompanyRecord }
    | 'NOT_FOUND'
    | 'NOT_PENDING'
    | 'ALREADY_MEMBER'
  >;
  decline(id: Id, reason: string): Promise<TradeApplicationRecord | 'NOT_FOUND' | 'NOT_PENDING'>;
}

export interface Store {
  readonly kind: 'sqlite' | 'mongo';
  tools: ToolsRepo;
  categories: CategoriesRepo;
  orders: OrdersRepo;
  carts: CartsRepo;
  users: UsersRepo;
  profiles: ProfilesRepo;
  reviews: ReviewsRepo;
  paymentEvents: PaymentEventsRepo;
  stats: StatsRepo;
  /** State every instance must share: rate-limit counters and the test gateway's intents. */
  rateLimits: RateLimitsRepo;
  testIntents: TestIntentsRepo;
  outbox: OutboxRepo;
  invoices: InvoicesRepo;
  creditNotes: CreditNotesRepo;
  quotes: QuotesRepo;
  companies: CompaniesRepo;
  tradeApplications: TradeApplicationsRepo;
  /**
   * Grows after every write through this object that changes the public catalogue (tools and
   * their stock); see `catalogue-version.ts`. Writes by other processes do not move it.
   */
  catalogueVersion(): number;
  close(): Promise<void>;
}

const ID_PATTERN = /^[0-9a-f]{24}$/;

export function isId(value: string): boolean {
  return ID_PATTERN.test(value);
}

export function formatInvoiceNumber(year: number, seq: number): string {
  return `INV-${year}-${String(seq).padStart(6, '0')}`;
}

export function formatCreditNoteNumber(year: number, seq: number): string {
  return `CN-${year}-${String(seq).padStart(6, '0')}`;
}
