import path from 'node:path';
import type { Config } from '../config.js';
import type { Logger } from '../lib/logger.js';
import type { Store } from './store.js';
import { openSqliteStore } from './sqlite/sqlite-store.js';

export type { Store } from './store.js';

/** MongoDB when configured, else the embedded SQLite file `${dataDir}/shop.db`. */
export async function openStore(
  config: Pick<Config, 'dataDir' | 'mongo'>,
  logger?: Pick<Logger, 'info' | 'error'>,
): Promise<Store> {
  if (config.mongo) {
    // Loaded on demand so the SQLite default never pays for the MongoDB driver.
    const { openMongoStore } = await import('./mongo/mongo-store.js');
    const store = await openMongoStore(config.mongo.uri, config.mongo.dbName);
    logger?.info({ store: 'mongo', db: config.mongo.dbName }, 'store opened');
    return store;
  }
  const file = path.join(config.dataDir, 'shop.db');
  const store = openSqliteStore(file, undefined, {
    onError: (err) =>
      logger?.error({ err }, 'WAL checkpoint worker stopped: SQLite checkpoints on commit again'),
  });
  logger?.info({ store: 'sqlite', file, migrated: store.appliedMigrations }, 'store opened');
  return store;
}
