import type {
  CategoriesRepo,
  CompaniesRepo,
  OrdersRepo,
  QuotesRepo,
  ReviewsRepo,
  Store,
  ToolsRepo,
  TradeApplicationsRepo,
  UsersRepo,
} from './store.js';
import type { PriceListsRepo } from './ports/price-lists.js';

/*
 * Every method of these repos bumps the catalogue version after it settles, except the ones named
 * here as leaving the catalogue alone (reads, and order writes that never touch stock). A method
 * added to the port later therefore bumps until someone decides it need not: forgetting costs a
 * cache miss, never a stale price or stock figure.
 */
const TOOL_READS = [
  'list',
  'listSerialized',
  'get',
  'getBySku',
  'getBySkus',
  'names',
  'count',
] as const satisfies readonly (keyof ToolsRepo)[];
// A tool review moves the tool's rating; a category changes the category list.
const REVIEW_READS = [
  'list',
  'get',
  'hasPaidOrderFor',
  'count',
] as const satisfies readonly (keyof ReviewsRepo)[];
const CATEGORY_READS = [
  'listWithCounts',
  'get',
] as const satisfies readonly (keyof CategoriesRepo)[];
// An accepted quote reserves stock (today through orders.place; whatever writes it, it bumps).
// A price list or a company's assignment moves a member's catalogue prices (their pages are kept
// per company under the same version, lib/response-cache.ts).
const PRICE_LIST_READS = [
  'list',
  'get',
  'forPricing',
  'companyPricing',
] as const satisfies readonly (keyof PriceListsRepo)[];
// Who a signed-in caller is and which company they buy for (accounts, memberships, the companies
// an approved application creates): the people version, which a member's page is keyed on.
const USER_READS = ['getByEmail', 'list'] as const satisfies readonly (keyof UsersRepo)[];
const COMPANY_READS = [
  'get',
  'list',
  'membershipOf',
  'companyIdOf',
  'members',
  'pendingInvitations',
  'invitationByTokenHash',
  // Writes only the VAT sweep's lease, which no page shows: every instance claims every 30 s,
  // and would otherwise empty every member's cached pages as often.
  'claimVatChecks',
] as const satisfies readonly (keyof CompaniesRepo)[];
const APPLICATION_READS = [
  'get',
  'latestByEmail',
  'list',
] as const satisfies readonly (keyof TradeApplicationsRepo)[];
const QUOTE_READS = ['get', 'listByEmail', 'list'] as const satisfies readonly (keyof QuotesRepo)[];
const ORDER_NO_STOCK = [
  'get',
  'listByEmail',
  'list',
  'listIds',
  'getMany',
  'countUnpaid',
  'listByCompany',
  // An approval keeps the stock the order already holds; a rejection returns it (and bumps).
  'approve',
  'setPaymentIntent',
  'markShipped',
  'markDelivered',
  // Handled below: they move stock only sometimes.
  'expireDue',
  'markPaid',
] as const satisfies readonly (keyof OrdersRepo)[];

function bumpAfter<R extends object>(
  repo: R,
  quiet: readonly (keyof R)[],
  bump: () => Promise<void>,
): R {
  const wrapped = { ...repo };
  const methods = (Object.keys(repo) as (keyof R)[]).filter(
    (name) => typeof repo[name] === 'function' && !quiet.includes(name),
  );
  for (const name of methods) {
    const write = repo[name] as (...args: unknown[]) => Promise<unknown>;
    (wrapped[name] as unknown) = async (...args: unknown[]) => {
      try {
        return await write.apply(repo, args);
      } finally {
        // After the write settles (committed or not): a reader that started before it must not
        // be cached under the new version. A failed write bumps too, which only costs a miss.
        await bump();
      }
    };
  }
  return wrapped;
}

/**
 * How other processes' writes become visible: `current()` is any value that changes when another
 * process has written (SQLite's `PRAGMA data_version`, MongoDB's version document); `announce()`
 * tells the others after a catalogue write of this process (nothing to do for SQLite, whose
 * data_version moves by itself).
 */
export interface SharedCatalogueVersion {
  current(): number;
  announce?(): Promise<void>;
}

/**
 * Gives a store `catalogueVersion()`: a number that grows after every write to tools or to
 * their stock made through this store object, and whenever `shared` reports another process's
 * write. The response cache keys on it, so a cached catalogue answer never outlives a write,
 * whichever instance made it (CATALOGUE_CACHE_MS remains only as an upper bound). And
 * `peopleVersion()`, the same for accounts, companies and memberships: what a signed-in caller's
 * company is may be remembered while it stands (a member's catalogue page).
 */
export function withCatalogueVersion<S extends Store>(
  store: Omit<S, 'catalogueVersion' | 'peopleVersion'>,
  shared?: SharedCatalogueVersion,
): S {
  let version = 0;
  let people = 0;
  let seen = shared?.current();
  // A failed announcement only delays other instances until their cache bound: log-free here.
  const announce = () => shared?.announce?.().catch(() => undefined);
  const bump = async () => {
    version += 1;
    await announce();
  };
  const bumpPeople = async () => {
    people += 1;
    await announce();
  };
  /** Another process wrote: it may have been either kind of write. */
  const notice = () => {
    if (!shared) return;
    const now = shared.current();
    if (now === seen) return;
    seen = now;
    version += 1;
    people += 1;
  };
  const catalogueVersion = () => {
    notice();
    return version;
  };
  const peopleVersion = () => {
    notice();
    return people;
  };
  const orders = store.orders;
  return Object.assign(store, {
    tools: bumpAfter(store.tools, TOOL_READS, bump),
    orders: {
      ...bumpAfter(orders, ORDER_NO_STOCK, bump),
      // Called on most order requests and usually finds nothing due: bump only when it moved stock.
      async expireDue(now: string) {
        const expired = await orders.expireDue(now);
        if (expired.length) await bump();
        return expired;
      },
      // Paying moves stock only when an expired order is reserved again.
      async markPaid(id: string, transactionId: string, now?: string) {
        const result = await orders.markPaid(id, transactionId, now);
        if (result && 'reservedAgain' in result) await bump();
        return result;
      },
    },
    reviews: bumpAfter(store.reviews, REVIEW_READS, bump),
    categories: bumpAfter(store.categories, CATEGORY_READS, bump),
    quotes: bumpAfter(store.quotes, QUOTE_READS, bump),
    users: bumpAfter(store.users, USER_READS, bumpPeople),
    companies: bumpAfter(store.companies, COMPANY_READS, bumpPeople),
    tradeApplications: bumpAfter(store.tradeApplications, APPLICATION_READS, bumpPeople),
    priceLists: bumpAfter(store.priceLists, PRICE_LIST_READS, bump),
    // A refund or a received return may put units back on the shelf.
    refunds: bumpAfter(
      store.refunds,
      ['listByOrder', 'byGatewayId', 'byIdempotencyKey', 'between'],
      bump,
    ),
    returns: bumpAfter(store.returns, ['get', 'list', 'listByOrder'], bump),
    catalogueVersion,
    peopleVersion,
  }) as S;
}
