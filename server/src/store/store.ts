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
  /** A category slug. */
  category: string;
  specs: ToolSpec[];
  datasheetUrl?: string;
  /** Over the tool's visible reviews; kept up to date by the reviews repo. */
  ratingSum: number;
  ratingCount: number;
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
> & { category?: string; specs?: ToolSpec[]; datasheetUrl?: string | null };

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
>;

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
  /** The tool reviewed; absent for a review of the shop. */
  toolId?: Id;
  /** Written by someone with a paid order for the tool. */
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
  /** A tool review also adds to the tool's rating, in the same atomic step. */
  create(input: ReviewInput): Promise<ReviewRecord>;
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

export interface Store {
  readonly kind: 'sqlite' | 'mongo';
  tools: ToolsRepo;
  categories: CategoriesRepo;
  orders: OrdersRepo;
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
