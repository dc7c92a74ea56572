import type { CategoriesRepo, OrdersRepo, ReviewsRepo, Store, ToolsRepo } from './store.js';

/** The writes that change what the public catalogue shows: tool rows and their stock. */
const TOOL_WRITES = [
  'create',
  'update',
  'delete',
  'insertMany',
] as const satisfies readonly (keyof ToolsRepo)[];
// A tool review moves the tool's rating; a category changes the category list.
const REVIEW_WRITES = [
  'create',
  'setHidden',
  'insertMany',
] as const satisfies readonly (keyof ReviewsRepo)[];
const CATEGORY_WRITES = ['create'] as const satisfies readonly (keyof CategoriesRepo)[];
const STOCK_WRITES = ['place', 'cancelUnpaid'] as const satisfies readonly (keyof OrdersRepo)[];

function bumpAfter<R extends object>(
  repo: R,
  methods: readonly (keyof R)[],
  bump: () => Promise<void>,
): R {
  const wrapped = { ...repo };
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
 * whichever instance made it (CATALOGUE_CACHE_MS remains only as an upper bound).
 */
export function withCatalogueVersion<S extends Store>(
  store: Omit<S, 'catalogueVersion'>,
  shared?: SharedCatalogueVersion,
): S {
  let version = 0;
  let seen = shared?.current();
  const bump = async () => {
    version += 1;
    // A failed announcement only delays other instances until their cache bound: log-free here.
    await shared?.announce?.().catch(() => undefined);
  };
  const catalogueVersion = () => {
    if (shared) {
      const now = shared.current();
      if (now !== seen) {
        seen = now;
        version += 1;
      }
    }
    return version;
  };
  const orders = store.orders;
  return Object.assign(store, {
    tools: bumpAfter(store.tools, TOOL_WRITES, bump),
    orders: {
      ...bumpAfter(orders, STOCK_WRITES, bump),
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
    reviews: bumpAfter(store.reviews, REVIEW_WRITES, bump),
    categories: bumpAfter(store.categories, CATEGORY_WRITES, bump),
    catalogueVersion,
  }) as S;
}
