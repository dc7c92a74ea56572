import { beforeAll } from 'vitest';
import { loadConfig } from '../config.js';
import { signInToShop, type ShopSession } from './sign-in.js';
import { useTestApp, type TestApp } from './test-app.js';

export interface AdminTestApp extends TestApp {
  admin: ShopSession;
  customer: ShopSession;
}

/**
 * For a whole test file of the admin endpoints: `useTestApp` with the sign-in limit lifted
 * (every test signs in from one address) and a signed-in admin and customer. The fields are
 * filled in `beforeAll`, so read them inside tests.
 */
export function useAdminTestApp(): AdminTestApp {
  const shop = useTestApp(
    loadConfig({ ...process.env, AUTH_RATE_LIMIT_PER_MINUTE: '100000' }),
  ) as AdminTestApp;
  // Runs after useTestApp's beforeAll: vitest runs a file's beforeAll hooks in order.
  beforeAll(async () => {
    [shop.admin, shop.customer] = await Promise.all([
      signInToShop(shop.app, shop.store, { displayName: 'Ada Admin', admin: true }),
      signInToShop(shop.app, shop.store, { displayName: 'Cal Customer' }),
    ]);
  });
  return shop;
}
