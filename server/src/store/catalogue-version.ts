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

function bumpAfter<R extends object>(repo: R, methods: readonly (keyof R)[], bump: () => void): R {
  const wrapped = { ...repo };
  for (const name of methods) {
    const write = repo[name] as (...args: unknown[]) => Promise<unknown>;
    (wrapped[name] as unknown) = async (...args: unknown[]) => {
      try {
        return await write.apply(repo, args);
      } finally {
        // After the write settles (committed or not): a reader that started before it must not
        // be cached under the new version. A failed write bumps too, which only costs a miss.
        bump();
      }
    };
  }
  return wrapped;
}

/**
 * Gives a store `catalogueVersion()`: a number that grows after every write to tools or to
 * their stock made through this store object. The response cache keys on it, so a cached
 * catalogue answer never outlives a write in this process (other processes: see its TTL).
 */
export function withCatalogueVersion<S extends Store>(store: Omit<S, 'catalogueVersion'>): S {
  let version = 0;
  const bump = () => {
    version += 1;
  };
  return Object.assign(store, {
    tools: bumpAfter(store.tools, TOOL_WRITES, bump),
    orders: bumpAfter(store.orders, STOCK_WRITES, bump),
    reviews: bumpAfter(store.reviews, REVIEW_WRITES, bump),
    categories: bumpAfter(store.categories, CATEGORY_WRITES, bump),
    catalogueVersion: () => version,
  }) as S;
}
