import type { IdentityVerifier } from './auth/index.js';
import type { Config } from './config.js';
import type { ImageStorage } from './images/index.js';
import type { Logger } from './lib/logger.js';
import type { Notifier } from './mail/index.js';
import type { ExpireDueOrders } from './modules/orders/index.js';
import type { TestClock } from './modules/test-clock/index.js';
import type { PaymentGateway } from './payments/index.js';
import type { Store } from './store/store.js';

/**
 * What the app is built from (`createApp(deps)` in app.ts). Its own file so that the routers the
 * app assembles can take their dependencies without importing app.ts (no circle).
 */
export interface AppDeps {
  config: Config;
  store: Store;
  logger: Logger;
  /** Proves sign-ins (Firebase) for the token exchange. */
  identity: IdentityVerifier;
  /** The card gateway; by default the one the config selects (Stripe, else the test gateway). */
  payments?: PaymentGateway;
  /** The clock for reservations and expiry; tests move it instead of waiting. */
  now?: () => Date;
  /** Queues the order emails; `start.ts` passes the one its expiry sweep also uses. */
  notifier?: Notifier;
  /** Ends due reservations; `start.ts` passes the one its sweep also runs. */
  expire?: ExpireDueOrders;
  /** Where tool photos are kept; by default the one the config selects (S3, else IMAGE_DIR). */
  images?: ImageStorage;
  /** With TEST_CLOCK: the clock behind `now`, which POST /api/test/clock moves. */
  testClock?: TestClock;
}
