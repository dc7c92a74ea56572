import type { IdentityVerifier } from './auth/index.js';
import type { Config } from './config.js';
import type { ImageStorage } from './images/index.js';
import type { Logger } from './lib/logger.js';
import type { Store } from './store/store.js';

/**
 * What every module's routes may take (`Pick<AppDeps, ...>`), and what the app is built from with
 * the parts compose.ts adds (`ShopInput`). Its own file, importing no module, so that the routers
 * the app assembles can take their dependencies without a circle back to app.ts or compose.ts.
 */
export interface AppDeps {
  config: Config;
  store: Store;
  logger: Logger;
  /** Proves sign-ins (Firebase) for the token exchange. */
  identity: IdentityVerifier;
  /** The clock for reservations, expiry and emails; tests move it instead of waiting. */
  now?: () => Date;
  /** Where tool photos are kept; by default the one the config selects (S3, else IMAGE_DIR). */
  images?: ImageStorage;
}
