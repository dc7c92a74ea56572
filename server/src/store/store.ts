/**
 * The storage port. Routers and services talk to these interfaces only; the adapters in
 * `sqlite/` and `mongo/` are the only code that touches a database driver.
 *
 * Records are plain objects. Ids are 24-hex-character strings from either adapter.
 * Money is integer cents. Emails are stored lower-cased (callers pass them normalised).
 */

export type Id = string;

export interface ToolRecord {
  _id: Id;
  name: string;
  img: string;
  priceCents: number;
  description: string;
  availableQuantity: number;
  minimumOrderQuantity: number;
  createdAt: string;
  updatedAt: string;
}

export type ToolInput = Pick<
  ToolRecord,
  'name' | 'img' | 'priceCents' | 'description' | 'availableQuantity' | 'minimumOrderQuantity'
>;

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
  /** Derived from the status (paid, shipped, delivered, refunded). */
  isPaid: boolean;
  /** Derived from the status (cancelled, expired). */
  iscancelled: boolean;
  transactionId?: string;
  paymentIntentId?: string;
  paidAt?: string;
  shippedAt?: string;
  cancelledAt?: string;
  /** While unpaid: when the reservation ends. */
  expiresAt?: string;
  createdAt: string;
}

export interface NewOrderLine {
  toolId: Id;
  quantity: number;
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
  | { ok: false; reason: 'TOO_MANY_UNPAID'; unpaid: number };

/** NOT_UNPAID: cancelled or expired already. */
export type CancelOrderResult = 'CANCELLED' | 'NOT_FOUND' | 'PAID' | 'NOT_UNPAID';

export type MarkPaidResult =
  | { outcome: 'PAID' | 'ALREADY_PAID'; order: OrderRecord; reservedAgain?: true }
  /** The order was cancelled, or expired and its stock is gone: the payment must be refunded. */
  | { outcome: 'NOT_PAYABLE'; order: OrderRecord };

export type OrderStatusFilter = OrderStatusValue;

export interface OrderListQuery {
  status?: OrderStatusFilter;
  offset: number;
  limit: number;
}

export interface OrdersRepo {
  /**
   * Prices every line from the stored tools and reserves every line's stock in one atomic step,
   * all or nothing: the order exists only if each `availableQuantity >= quantity` held and was
   * decremented. A one-line Buy Now is a one-line place.
   */
  place(input: NewOrderInput): Promise<PlaceOrderResult>;
  get(id: Id): Promise<OrderRecord | null>;
  /** Newest first. */
  listByEmail(email: string): Promise<OrderRecord[]>;
  /** Newest first. */
  list(query: OrderListQuery): Promise<Page<OrderRecord>>;
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
   * NOT_PAYABLE. Null if there is no such order.
   */
  markPaid(id: Id, transactionId: string, now?: string): Promise<MarkPaidResult | null>;
  /** Marks a paid, unshipped order shipped. Null if there is no such paid order. */
  markShipped(id: Id): Promise<OrderRecord | null>;
}

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
  company_name: string;
  vat_id: string;
  delivery_address: string;
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
  /** Every order on record except cancelled and expired ones. */
  orders: number;
  unpaid: number;
  /** Paid and not shipped yet. */
  paid: number;
  /** Shipped or delivered. */
  shipped: number;
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

export interface Store {
  readonly kind: 'sqlite' | 'mongo';
  tools: ToolsRepo;
  orders: OrdersRepo;
  carts: CartsRepo;
  users: UsersRepo;
  profiles: ProfilesRepo;
  reviews: ReviewsRepo;
  paymentEvents: PaymentEventsRepo;
  stats: StatsRepo;
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
