/**
 * The storage port. Routers and services talk to these interfaces only; the adapters in
 * `sqlite/` and `mongo/` are the only code that touches a database driver.
 *
 * Records are plain objects. Ids are 24-hex-character strings from either adapter.
 * Money is integer cents. Emails are stored lower-cased (callers pass them normalised).
 */

import type { PriceTierCents } from '../contract/pricing.js';

export type Id = string;

export interface ToolRecord {
  _id: Id;
  name: string;
  img: string;
  priceCents: number;
  description: string;
  availableQuantity: number;
  minimumOrderQuantity: number;
  /** Volume prices, quantities rising; [] when none. */
  priceTiers: PriceTierCents[];
  createdAt: string;
  updatedAt: string;
}

export type ToolInput = Pick<
  ToolRecord,
  'name' | 'img' | 'priceCents' | 'description' | 'availableQuantity' | 'minimumOrderQuantity'
> & {
  /** None on create means []; none on update keeps the tool's tiers. */
  priceTiers?: PriceTierCents[];
};

export interface Page<T> {
  items: T[];
  total: number;
}

export interface ToolListQuery {
  /** Case-insensitive substring of the name. */
  search?: string;
  offset: number;
  limit: number;
}

export interface ToolUpdateGuard {
  ifAvailableQuantity: number;
}

export interface ToolsRepo {
  /** Newest first. */
  list(query: ToolListQuery): Promise<Page<ToolRecord>>;
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
  /** Bulk insert for seeding and benchmarks. */
  insertMany(inputs: ToolInput[]): Promise<number>;
}

export interface OrderRecord {
  _id: Id;
  toolId: Id;
  /** The tool's name when the order was placed (kept if the tool is deleted later). */
  name: string;
  unitPriceCents: number;
  /** quantity x unitPriceCents */
  priceCents: number;
  quantity: number;
  userName: string;
  userEmail: string;
  userPhone: string;
  userAddress: string;
  isPaid: boolean;
  iscancelled: boolean;
  transactionId?: string;
  paymentIntentId?: string;
  paidAt?: string;
  shippedAt?: string;
  createdAt: string;
}

export type NewOrderInput = Pick<
  OrderRecord,
  'toolId' | 'quantity' | 'userName' | 'userEmail' | 'userPhone' | 'userAddress'
> & {
  /** An accepted quote's price; otherwise the tool's (tiered) price for the quantity. */
  unitPriceCents?: number;
};

export type PlaceOrderResult =
  | { ok: true; order: OrderRecord }
  | { ok: false; reason: 'TOOL_NOT_FOUND' | 'OUT_OF_STOCK' | 'BELOW_MINIMUM' };

export type CancelOrderResult = 'CANCELLED' | 'NOT_FOUND' | 'PAID';

export type OrderStatusFilter = 'unpaid' | 'paid' | 'shipped';

export interface OrderListQuery {
  status?: OrderStatusFilter;
  offset: number;
  limit: number;
}

export interface OrdersRepo {
  /**
   * Reads the tool, prices the order from the stored unit price and reserves the stock in one
   * atomic step: the order exists only if `availableQuantity >= quantity` held and was decremented.
   */
  place(input: NewOrderInput): Promise<PlaceOrderResult>;
  get(id: Id): Promise<OrderRecord | null>;
  /** Newest first. */
  listByEmail(email: string): Promise<OrderRecord[]>;
  /** Newest first. */
  list(query: OrderListQuery): Promise<Page<OrderRecord>>;
  /** Deletes an unpaid order and returns its quantity to the tool's stock, in one transaction. */
  cancelUnpaid(id: Id): Promise<CancelOrderResult>;
  /** Remembers the payment intent created for this order. */
  setPaymentIntent(id: Id, paymentIntentId: string): Promise<void>;
  /** Marks an unpaid order paid; a paid one is left as it is. Null if there is no such order. */
  markPaid(id: Id, transactionId: string): Promise<OrderRecord | null>;
  /** Marks a paid, unshipped order shipped. Null if there is no such paid order. */
  markShipped(id: Id): Promise<OrderRecord | null>;
}

export type Role = 'admin';

export interface UserRecord {
  _id: Id;
  email: string;
  name?: string;
  role?: Role;
  createdAt: string;
}

export interface UsersRepo {
  /** Creates the user or refreshes the name; never changes the role. */
  upsert(email: string, name?: string): Promise<UserRecord>;
  getByEmail(email: string): Promise<UserRecord | null>;
  /** Oldest first. */
  list(): Promise<UserRecord[]>;
  /** 1 if promoted, 0 if already admin or unknown. */
  makeAdmin(email: string): Promise<number>;
  /** Removes the user and their profile; orders are kept. */
  delete(email: string): Promise<number>;
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
}

export interface ProfilesRepo {
  get(email: string): Promise<ProfileRecord | null>;
  upsert(profile: ProfileRecord): Promise<ProfileRecord>;
}

export interface ReviewRecord {
  _id: Id;
  review: string;
  ratings: number;
  authorEmail: string;
  authorName: string;
  createdAt: string;
}

export type ReviewInput = Omit<ReviewRecord, '_id' | 'createdAt'>;

export interface ReviewsRepo {
  /** Newest first. */
  list(): Promise<ReviewRecord[]>;
  create(input: ReviewInput): Promise<ReviewRecord>;
  insertMany(inputs: ReviewInput[]): Promise<number>;
  count(): Promise<number>;
}

export interface PaymentEventsRepo {
  /** Records a gateway event; false if this event id was recorded before (a replay). */
  record(eventId: string, type: string, orderId: Id | null): Promise<boolean>;
}

export interface OrderTotals {
  /** Every order on record (a cancelled order is deleted, so it is not counted). */
  orders: number;
  unpaid: number;
  /** Paid and not shipped yet. */
  paid: number;
  shipped: number;
  /** The sum of the paid (and shipped) orders' prices. */
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
  /** Sets each line's unit price and the validity; only from `requested` or `offered`. */
  offer(id: Id, unitPrices: Record<Id, number>, validUntil: string): Promise<QuoteChange>;
  /** Only from `requested` or `offered`. */
  decline(id: Id, reason: string): Promise<QuoteChange>;
  /** `offered` -> `accepted` with the order, in one conditional step (so only once). */
  accept(id: Id, orderId: Id): Promise<QuoteChange>;
}

export interface Store {
  readonly kind: 'sqlite' | 'mongo';
  tools: ToolsRepo;
  orders: OrdersRepo;
  users: UsersRepo;
  profiles: ProfilesRepo;
  reviews: ReviewsRepo;
  paymentEvents: PaymentEventsRepo;
  stats: StatsRepo;
  quotes: QuotesRepo;
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
