import { afterAll, beforeAll } from 'vitest';
import { createApp, type ShopApp } from '../app.js';
import type { Config } from '../config.js';
import type { Store } from '../store/store.js';
import { testDeps } from './sign-in.js';
import { createTestStore } from './test-store.js';

export interface TestApp {
  store: Store;
  app: ShopApp;
  config: Config;
}

/**
 * For a whole test file: a fresh store and the app on it, with `testDeps`' config unless one is
 * given. The fields are filled in `beforeAll`, so read them inside tests and hooks.
 */
export function useTestApp(config?: Config): TestApp {
  const testApp = {} as TestApp;
  let cleanup: () => Promise<void> = async () => {};
  beforeAll(async () => {
    ({ store: testApp.store, cleanup } = await createTestStore());
    const deps = testDeps(testApp.store, config);
    testApp.config = deps.config;
    testApp.app = createApp(deps);
  });
  afterAll(() => cleanup());
  return testApp;
}
