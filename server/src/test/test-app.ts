import { afterAll, beforeAll } from 'vitest';
import { createApp, type ShopApp } from '../app.js';
import { loadConfig, type Config } from '../config.js';
import type { AppDeps } from '../deps.js';
import type { Store } from '../store/store.js';
import { signInToShop, testDeps, type ShopSession } from './sign-in.js';
import { createTestStore } from './test-store.js';

export interface TestApp {
  store: Store;
  app: ShopApp;
  config: Config;
}

/**
 * The settings most API test files share: every request comes from one address, so the sign-in
 * and order limits are lifted (the limits have their own tests); `overrides` go on top.
 */
export function testConfig(overrides: Record<string, string> = {}): Config {
  return loadConfig({
    ...process.env,
    AUTH_RATE_LIMIT_PER_MINUTE: '100000',
    ORDER_RATE_LIMIT_PER_MINUTE: '100000',
    ...overrides,
  });
}

/**
 * For a whole test file: a fresh store and the app on it, with `testDeps`' config unless one is
 * given, and `deps` over testDeps' (a clock, a gateway). The fields are filled in `beforeAll`, so
 * read them inside tests and hooks. A config that names an outside service's fake (a fake
 * Stripe's address) is given as a function, called once the fake's own `beforeAll` has run.
 */
export function useTestApp(
  config?: Config | (() => Config),
  deps: Omit<Partial<AppDeps>, 'config' | 'store'> = {},
): TestApp {
  const testApp = {} as TestApp;
  let cleanup: () => Promise<void> = async () => {};
  beforeAll(async () => {
    ({ store: testApp.store, cleanup } = await createTestStore());
    const base = testDeps(testApp.store, typeof config === 'function' ? config() : config);
    testApp.config = base.config;
    testApp.app = createApp({ ...base, ...deps });
  });
  afterAll(() => cleanup());
  return testApp;
}

type SignInOptions = NonNullable<Parameters<typeof signInToShop>[2]>;

/**
 * People signed in to `shop` for the whole file, side by side, under the names given:
 * `useSignedIn(useTestApp(), { admin: { admin: true }, buyer: {} })` gives `shop.admin` and
 * `shop.buyer`. Call it right after `useTestApp` (its hook runs after the app is built).
 */
export function useSignedIn<T extends TestApp, Name extends string>(
  shop: T,
  people: Record<Name, SignInOptions>,
): T & Record<Name, ShopSession> {
  const signedIn = shop as T & Record<Name, ShopSession>;
  beforeAll(async () => {
    const names = Object.keys(people) as Name[];
    const sessions = await Promise.all(
      names.map((name) => signInToShop(shop.app, shop.store, people[name])),
    );
    names.forEach((name, i) => Object.assign(signedIn, { [name]: sessions[i] }));
  });
  return signedIn;
}
