import type { Collection, Db } from 'mongodb';
import { isDuplicateKey } from './ids.js';
import { backfillLineSkus, backfillOrders } from './order-backfill.js';
import type { CounterDoc, OrderDoc } from './order-docs.js';
import { dedupeToolReviews } from './review-verification.js';
import type { ReviewDoc } from './review-docs.js';
import { backfillSkus, type ToolDoc } from './tools-repo.js';
import { backfillSearchFields } from './tool-search.js';

/**
 * MongoDB's counterpart of SQLite's versioned migrations: each runs once per database, in
 * order, recorded in `schema_migrations`, before the indexes are built (some make a unique index
 * possible). A start no longer scans every review and order to find nothing to do.
 */
export interface MongoMigration {
  version: number;
  name: string;
  up(db: Db): Promise<void>;
}

export const mongoMigrations: readonly MongoMigration[] = [
  {
    version: 1,
    name: 'dedupe-tool-reviews',
    up: (db) =>
      dedupeToolReviews(db.collection<ReviewDoc>('reviews'), db.collection<ToolDoc>('tools')),
  },
  { version: 2, name: 'tool-skus', up: (db) => backfillSkus(db.collection<ToolDoc>('tools')) },
  {
    version: 3,
    name: 'order-lines-and-numbers',
    up: (db) =>
      backfillOrders(db.collection<OrderDoc>('orders'), db.collection<CounterDoc>('counters')),
  },
  {
    version: 4,
    name: 'order-line-skus',
    up: (db) =>
      backfillLineSkus(db.collection<OrderDoc>('orders'), db.collection<ToolDoc>('tools')),
  },
  {
    // Issue 49: a company's id is one type everywhere, the string other collections keep.
    version: 5,
    name: 'saved-list-company-ids-as-strings',
    up: async (db) => {
      await db
        .collection('saved_lists')
        .updateMany({ companyId: { $type: 'objectId' } }, [
          { $set: { companyId: { $toString: '$companyId' } } },
        ]);
    },
  },
  {
    // Issue 48: orders awaiting approval hold their stock for APPROVAL_WINDOW_DAYS; those already
    // waiting had no clock: the default window (7 days) from the upgrade, as SQLite's 030.
    version: 6,
    name: 'approval-window',
    up: async (db) => {
      await db
        .collection<OrderDoc>('orders')
        .updateMany(
          { status: 'awaiting_approval', expiresAt: { $exists: false } },
          { $set: { expiresAt: new Date(Date.now() + 7 * 86_400_000) } },
        );
    },
  },
  {
    // Issue 49: the catalogue search reads an index of keys (tool-search.ts), not every tool.
    version: 7,
    name: 'tool-search-keys',
    up: (db) => backfillSearchFields(db.collection<ToolDoc>('tools')),
  },
  {
    // Issue 49, one name for how an order is paid (SQLite's 032): `paymentMethod` ('card' or
    // 'invoice') from the old `onInvoice` flag, which goes. Run again after a crash halfway, the
    // first step finds nothing left and the second fills the rest.
    version: 8,
    name: 'order-payment-method',
    up: async (db) => {
      const orders = db.collection('orders');
      await orders.updateMany(
        { onInvoice: true },
        { $set: { paymentMethod: 'invoice' }, $unset: { onInvoice: '' } },
      );
      await orders.updateMany(
        { paymentMethod: { $exists: false } },
        { $set: { paymentMethod: 'card' }, $unset: { onInvoice: '' } },
      );
    },
  },
  {
    // Issue 51 (SQLite's 037): every company from before VIES checks is due one now; the sweep
    // sets an ID that is no member state's to `unchecked` without asking VIES.
    version: 9,
    name: 'company-vat-status',
    up: async (db) => {
      await db.collection('companies').updateMany(
        { vatStatus: { $exists: false } },
        {
          $set: {
            vatStatus: 'pending',
            vatCheckAttempts: 0,
            vatCheckDueAt: new Date().toISOString(),
          },
        },
      );
    },
  },
];

interface AppliedDoc {
  _id: number;
  name: string;
  startedAt: Date;
  appliedAt?: Date;
}

/** A claim older than this is a crashed start's: another start takes it over. */
const LEASE_MS = 10 * 60_000;
const POLL_MS = 500;

/**
 * Applies the migrations this database has not recorded. Two instances starting together: one
 * claims each migration (a unique `_id`), the other waits for its `appliedAt`; every migration
 * is idempotent too, so a start that crashed midway is simply run again after its lease.
 */
export async function migrateMongo(
  db: Db,
  migrations: readonly MongoMigration[] = mongoMigrations,
): Promise<void> {
  const applied = db.collection<AppliedDoc>('schema_migrations');
  for (const migration of [...migrations].sort((a, b) => a.version - b.version)) {
    if (!(await claim(applied, migration))) continue;
    await migration.up(db);
    await applied.updateOne({ _id: migration.version }, { $set: { appliedAt: new Date() } });
  }
}

/** True when this start must run the migration; false once another has applied it. */
async function claim(applied: Collection<AppliedDoc>, migration: MongoMigration) {
  for (;;) {
    const now = new Date();
    const seen = await applied.findOne({ _id: migration.version });
    if (seen?.appliedAt) return false;
    if (!seen) {
      try {
        await applied.insertOne({ _id: migration.version, name: migration.name, startedAt: now });
        return true;
      } catch (error) {
        if (!isDuplicateKey(error)) throw error;
        continue;
      }
    }
    const stale = new Date(now.getTime() - LEASE_MS);
    const taken = await applied.updateOne(
      { _id: migration.version, appliedAt: { $exists: false }, startedAt: { $lt: stale } },
      { $set: { startedAt: now } },
    );
    if (taken.modifiedCount === 1) return true;
    await new Promise((resolve) => setTimeout(resolve, POLL_MS));
  }
}
