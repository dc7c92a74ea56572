import fs from 'node:fs';
import path from 'node:path';
import Database from 'better-sqlite3';
import type { Store } from '../store.js';
import { withCatalogueVersion } from '../catalogue-version.js';
import { migrate } from './migrate.js';
import { sqliteToolsRepo } from './tools-repo.js';
import { sqliteCategoriesRepo } from './categories-repo.js';
import { sqliteTermsInvoices } from './terms-invoices.js';
import { sqliteOrdersRepo } from './orders-repo.js';
import { sqliteCartsRepo } from './carts-repo.js';
import { sqliteUsersRepo } from './users-repo.js';
import { sqliteProfilesRepo } from './profiles-repo.js';
import { sqliteReviewsRepo } from './reviews-repo.js';
import { sqlitePaymentEventsRepo } from './payment-events-repo.js';
import { sqliteTaxLedgerRepo } from './tax-ledger-repo.js';
import { sqliteStatsRepo } from './stats-repo.js';
import { sqliteRateLimitsRepo, sqliteTestIntentsRepo } from './shared-state-repo.js';
import { sqliteOutboxRepo } from './outbox-repo.js';
import { sqliteCreditNotesRepo, sqliteInvoicesRepo } from './invoices-repo.js';
import { sqliteRefundsRepo } from './refunds-repo.js';
import { sqliteReturnsRepo } from './returns-repo.js';
import { sqliteQuotesRepo } from './quotes-repo.js';
import { sqliteSavedListsRepo } from './saved-lists-repo.js';
import { sqliteCompaniesRepo } from './companies-repo.js';
import { sqlitePriceListsRepo } from './price-lists-repo.js';
import { sqliteTradeApplicationsRepo } from './trade-applications-repo.js';
import { sqliteTaxSettingsRepo } from './tax-settings-repo.js';
import { sqliteFailedDocumentsRepo } from './failed-documents-repo.js';
import { createWriteQueue, walFlush, type WriteQueueOptions } from './write-queue.js';
import { startCheckpointer, type CheckpointerOptions } from './checkpointer.js';

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

/**
 * `read`, asked at most once per turn of the event loop: the answers given in one turn (under
 * load, several requests' worth) share the first one. For `PRAGMA data_version` that is a read
 * transaction's locks, 5 µs alone and a tenth of an uncached catalogue page's time in place
 * (docs/performance.md). Another instance's commit is seen from the next turn, as if these
 * requests had come a moment earlier; this process's own writes move the version at once
 * (withCatalogueVersion).
 */
export function oncePerTurn<T>(read: () => T): () => T {
  let known: { value: T } | undefined;
  const forget = () => {
    known = undefined;
  };
  return () => {
    if (!known) {
      known = { value: read() };
      setImmediate(forget).unref();
    }
    return known.value;
  };
}

/** Opens (creating if needed) the database file and brings its schema up to date. */
export function openSqliteStore(
  file: string,
  queueOptions?: WriteQueueOptions,
  checkpointOptions?: CheckpointerOptions,
): SqliteStore {
  fs.mkdirSync(path.dirname(file), { recursive: true });
  const db = new Database(file);
  try {
    applyPragmas(db);
    const appliedMigrations = migrate(db);
    // The batches' flush runs off the event loop (decision 010).
    const wal = walFlush(file);
    const queue = createWriteQueue(db, { durable: wal, ...queueOptions });
    // The WAL's pages are copied into the database file by a worker, not inside our COMMITs.
    const checkpointer = startCheckpointer(db, checkpointOptions);
    const terms = sqliteTermsInvoices(db);
    // Moves when another connection (another instance on this file) commits; this connection's
    // own writes are counted by withCatalogueVersion.
    const dataVersion = db.prepare('PRAGMA data_version').pluck();
    const shared = { current: oncePerTurn(() => dataVersion.get() as number) };
    return withCatalogueVersion(
      {
        kind: 'sqlite',
        file,
        appliedMigrations,
        tools: sqliteToolsRepo(db),
        categories: sqliteCategoriesRepo(db),
        orders: sqliteOrdersRepo(db, queue, terms),
        carts: sqliteCartsRepo(db, queue),
        users: sqliteUsersRepo(db),
        profiles: sqliteProfilesRepo(db),
        reviews: sqliteReviewsRepo(db),
        paymentEvents: sqlitePaymentEventsRepo(db),
        stats: sqliteStatsRepo(db),
        taxLedger: sqliteTaxLedgerRepo(db),
        rateLimits: sqliteRateLimitsRepo(db, queue),
        testIntents: sqliteTestIntentsRepo(db),
        outbox: sqliteOutboxRepo(db, queue),
        invoices: sqliteInvoicesRepo(db, terms.repo),
        creditNotes: sqliteCreditNotesRepo(db),
        refunds: sqliteRefundsRepo(db),
        returns: sqliteReturnsRepo(db),
        failedDocuments: sqliteFailedDocumentsRepo(db),
        quotes: sqliteQuotesRepo(db),
        savedLists: sqliteSavedListsRepo(db),
        companies: sqliteCompaniesRepo(db),
        priceLists: sqlitePriceListsRepo(db),
        tradeApplications: sqliteTradeApplicationsRepo(db),
        taxSettings: sqliteTaxSettingsRepo(db),
        async close() {
          // The worker's connection goes first, so ours is the last: SQLite's final checkpoint
          // (and the WAL's removal) happens here, as without the worker.
          await checkpointer.close();
          // Queued orders are committed (and answered) before the connection goes.
          queue.close();
          if (db.open) db.close();
          wal.close();
        },
      },
      shared,
    );
  } catch (error) {
    db.close();
    throw error;
  }
}
