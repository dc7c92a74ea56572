import fs from 'node:fs';
import path from 'node:path';
import Database from 'better-sqlite3';
import type { Store } from '../store.js';
import { withCatalogueVersion } from '../catalogue-version.js';
import { migrate } from './migrate.js';
import { sqliteToolsRepo } from './tools-repo.js';
import { sqliteOrdersRepo } from './orders-repo.js';
import { sqliteUsersRepo } from './users-repo.js';
import { sqliteProfilesRepo } from './profiles-repo.js';
import { sqliteReviewsRepo } from './reviews-repo.js';
import { sqlitePaymentEventsRepo } from './payment-events-repo.js';
import { sqliteStatsRepo } from './stats-repo.js';
import { sqliteQuotesRepo } from './quotes-repo.js';

export interface SqliteStore extends Store {
  readonly kind: 'sqlite';
  readonly file: string;
  /** The migration versions applied by this open (empty when the file was up to date). */
  readonly appliedMigrations: number[];
}

/** Connection settings, applied to every connection before use. */
export function applyPragmas(db: Database.Database): void {
  db.pragma('journal_mode = WAL');
  // FULL: a committed order or payment survives a power cut, not just a process crash.
  db.pragma('synchronous = FULL');
  db.pragma('foreign_keys = ON');
  // Another process (a second instance, a backup) may hold the write lock briefly.
  db.pragma('busy_timeout = 5000');
}

/** Opens (creating if needed) the database file and brings its schema up to date. */
export function openSqliteStore(file: string): SqliteStore {
  fs.mkdirSync(path.dirname(file), { recursive: true });
  const db = new Database(file);
  try {
    applyPragmas(db);
    const appliedMigrations = migrate(db);
    return withCatalogueVersion({
      kind: 'sqlite',
      file,
      appliedMigrations,
      tools: sqliteToolsRepo(db),
      orders: sqliteOrdersRepo(db),
      users: sqliteUsersRepo(db),
      profiles: sqliteProfilesRepo(db),
      reviews: sqliteReviewsRepo(db),
      paymentEvents: sqlitePaymentEventsRepo(db),
      stats: sqliteStatsRepo(db),
      quotes: sqliteQuotesRepo(db),
      async close() {
        if (db.open) db.close();
      },
    });
  } catch (error) {
    db.close();
    throw error;
  }
}
