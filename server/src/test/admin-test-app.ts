import type { ShopSession } from './sign-in.js';
import { testConfig, useSignedIn, useTestApp, type TestApp } from './test-app.js';

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
  return useSignedIn(useTestApp(testConfig()), {
    admin: { displayName: 'Ada Admin', admin: true },
    customer: { displayName: 'Cal Customer' },
  });
}
