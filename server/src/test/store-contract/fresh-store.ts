import { afterEach, beforeEach } from 'vitest';
import type { Store } from '../../store/store.js';

export type StoreFactory = () => Promise<{ store: Store; cleanup(): Promise<void> }>;

/** A new, empty store for every test, so totals and orderings are exact. */
export function useFreshStore(factory: StoreFactory): () => Store {
  let current: Awaited<ReturnType<StoreFactory>> | undefined;
  beforeEach(async () => {
    current = await factory();
  });
  afterEach(async () => {
    await current?.cleanup();
    current = undefined;
  });
  return () => {
    if (!current) throw new Error('the store is only available inside a test');
    return current.store;
  };
}
