import { MongoClient, type Db } from 'mongodb';
import type { Store } from '../store.js';
import { withCatalogueVersion, type SharedCatalogueVersion } from '../catalogue-version.js';
import { mongoToolsRepo, type ToolDoc } from './tools-repo.js';
import {
  IDEMPOTENCY_KEY_SECONDS,
  mongoOrdersRepo,
  type IdempotencyKeyDoc,
  type OrderDoc,
} from './orders-repo.js';
import { mongoTermsInvoices, type ReminderDoc } from './terms-invoices.js';
import type { CounterDoc } from './order-docs.js';
import { mongoCartsRepo, type CartItemDoc } from './carts-repo.js';
import { assertReplicaSet } from './order-backfill.js';
import { migrateMongo } from './migrations.js';
import { mongoUsersRepo, type UserDoc } from './users-repo.js';
import { mongoProfilesRepo, type ProfileDoc } from './profiles-repo.js';
import { mongoReviewsRepo } from './reviews-repo.js';
import { mongoReviewVerification } from './review-verification.js';
import { mongoRefundsRepo, type RefundDoc } from './refunds-repo.js';
import { mongoReturnsRepo, type ReturnDoc } from './returns-repo.js';
import type { ReviewDoc } from './review-docs.js';
import { mongoPaymentEventsRepo, type PaymentEventDoc } from './payment-events-repo.js';
import { mongoStatsRepo } from './stats-repo.js';
import { mongoTaxLedgerRepo } from './tax-ledger-repo.js';
import {
  createSharedStateIndexes,
  mongoRateLimitsRepo,
  mongoTestIntentsRepo,
} from './shared-state-repo.js';
import { mongoOutboxRepo, type OutboxDoc } from './outbox-repo.js';
import {
  mongoCreditNotesRepo,
  mongoInvoicesRepo,
  type CounterDoc as InvoiceCounterDoc,
  type CreditNoteDoc,
  type InvoiceDoc,
} from './invoices-repo.js';
import { ensureDefaultCategory, mongoCategoriesRepo, type CategoryDoc } from './categories-repo.js';

function catalogueIndexes(db: Db): Promise<string>[] {
  const tools = db.collection('tools');
  const inStock = { partialFilterExpression: { availableQuantity: { $gt: 0 } } };
  const sorts = [{ _id: -1 }, { priceCents: 1, _id: 1 }, { nameLower: 1, _id: 1 }] as const;
  return sorts.flatMap((sort, i) => [
    tools.createIndex({ category: 1, ...sort }),
    tools.createIndex({ category: 1, ...sort }, { ...inStock, name: `in_stock_category_${i}` }),
    tools.createIndex({ ...sort }, { ...inStock, name: `in_stock_${i}` }),
    ...(i > 0 ? [tools.createIndex({ ...sort })] : []),
  ]);
}
import {
  mongoQuotesRepo,
  type CounterDoc as QuoteCounterDoc,
  type QuoteDoc,
} from './quotes-repo.js';
import { mongoSavedListsRepo, type SavedListDoc } from './saved-lists-repo.js';
import {
  mongoCompaniesRepo,
  type CompanyDoc,
  type InvitationDoc,
  type MemberDoc,
} from './companies-repo.js';
import { mongoTradeApplicationsRepo, type ApplicationDoc } from './trade-applications-repo.js';
import {
  createFailedDocumentsIndexes,
  failedDocumentsCollection,
  mongoFailedDocumentsRepo,
} from './failed-documents-repo.js';
import {
  createTaxSettingsIndexes,
  mongoTaxSettingsRepo,
  taxSettingsCollections,
} from './tax-settings-repo.js';
import {
  mongoPriceListsRepo,
  type PriceListDoc,
  type PriceListRuleDoc,
} from './price-lists-repo.js';

async function createIndexes(db: Db): Promise<void> {
  await Promise.all([
    db.collection('tools').createIndex({ nameLower: 1 }),
    // SKUs compared without case: the upper-cased key is unique.
    db.collection('tools').createIndex({ skuKey: 1 }, { unique: true }),
    // The catalogue search (tool-search.ts): keys read by prefix, and SKUs by their start.
    db.collection('tools').createIndex({ searchKeys: 1 }),
    db.collection('tools').createIndex({ skuSearch: 1 }),
    // The catalogue's filters and sorts (see tools-repo.ts): an equality on category, in stock
    // through partial indexes, then the sort key, so a filtered page reads in index order.
    ...catalogueIndexes(db),
    db.collection('categories').createIndex({ nameLower: 1 }, { unique: true }),
    db.collection('reviews').createIndex({ toolId: 1, hidden: 1, _id: -1 }),
    db.collection('reviews').createIndex({ hidden: 1, _id: -1 }),
    // One review per buyer and tool (the shop's own reviews have no toolId and are not limited).
    db
      .collection('reviews')
      .createIndex(
        { authorEmail: 1, toolId: 1 },
        { unique: true, partialFilterExpression: { toolId: { $exists: true } } },
      ),
    db.collection('orders').createIndex({ userEmail: 1, toolId: 1, isPaid: 1 }),
    db.collection('orders').createIndex({ userEmail: 1, _id: -1 }),
    db.collection('orders').createIndex({ createdAt: -1 }),
    db.collection('orders').createIndex({ isPaid: 1, shippedAt: 1, _id: -1 }),
    db.collection('orders').createIndex({ number: 1 }, { unique: true, sparse: true }),
    db.collection('orders').createIndex({ status: 1, _id: -1 }),
    // Manage Orders' date range, alone or with a status.
    db.collection('orders').createIndex({ status: 1, createdAt: -1 }),
    // The expiry sweep and the unpaid count per buyer.
    db.collection('orders').createIndex({ status: 1, expiresAt: 1 }),
    db.collection('orders').createIndex({ userEmail: 1, status: 1, expiresAt: 1 }),
    db
      .collection('orders')
      .createIndex(
        { companyId: 1, status: 1, _id: -1 },
        { partialFilterExpression: { companyId: { $exists: true } } },
      ),
    db.collection('cart_items').createIndex({ userEmail: 1, toolId: 1 }, { unique: true }),
    db
      .collection('idempotency_keys')
      .createIndex({ createdAt: 1 }, { expireAfterSeconds: IDEMPOTENCY_KEY_SECONDS }),
    db.collection('users').createIndex({ email: 1 }, { unique: true }),
    db.collection('users').createIndex({ role: 1 }, { sparse: true }),
    db.collection('profiles').createIndex({ email_address: 1 }, { unique: true }),
    db.collection('outbox').createIndex({ dedupeKey: 1 }, { unique: true, sparse: true }),
    db.collection('outbox').createIndex({ status: 1, priority: -1, nextAttemptAt: 1 }),
    // invoices use the order id as _id; the number is unique too.
    db.collection('invoices').createIndex({ number: 1 }, { unique: true }),
    // Invoices on payment terms: a company's, and the reminder sweep's unpaid by due date.
    db.collection('invoices').createIndex({ companyId: 1, dueDate: 1 }, { sparse: true }),
    db.collection('invoices').createIndex({ dueDate: 1 }, { sparse: true }),
    db.collection('credit_notes').createIndex({ number: 1 }, { unique: true }),
    // Issue 53: many credit notes per order, one per refund.
    db.collection('credit_notes').createIndex({ orderId: 1, seq: 1 }, { sparse: true }),
    db.collection('refunds').createIndex({ orderId: 1, createdAt: 1 }),
    db.collection('refunds').createIndex({ gatewayRefundId: 1 }, { unique: true, sparse: true }),
    db
      .collection('refunds')
      .createIndex(
        { orderId: 1, idempotencyKey: 1 },
        { unique: true, partialFilterExpression: { idempotencyKey: { $type: 'string' } } },
      ),
    db.collection('refunds').createIndex({ createdAt: 1 }),
    db.collection('returns').createIndex({ orderId: 1 }),
    db.collection('returns').createIndex({ status: 1, requestedAt: -1 }),
    db.collection('quotes').createIndex({ number: 1 }, { unique: true }),
    db.collection('quotes').createIndex({ userEmail: 1, number: -1 }),
    db.collection('quotes').createIndex({ status: 1, number: -1 }),
    db.collection('saved_lists').createIndex({ ownerEmail: 1, nameKey: 1 }, { unique: true }),
    // The lists a company's members see (shared ones), by name.
    db
      .collection('saved_lists')
      .createIndex(
        { companyId: 1, nameKey: 1 },
        { partialFilterExpression: { companyId: { $type: 'objectId' } } },
      ),
    // company_members uses the email as _id: one company per person.
    db.collection('companies').createIndex({ nameLower: 1, _id: 1 }),
    db.collection('companies').createIndex({ priceListIds: 1 }),
    db.collection('companies').createIndex({ vatCheckDueAt: 1, _id: 1 }, { sparse: true }),
    db.collection('price_lists').createIndex({ parentId: 1 }),
    db.collection('price_list_rules').createIndex({ listId: 1, skuKey: 1 }),
    db.collection('company_members').createIndex({ companyId: 1, role: 1 }),
    db.collection('company_invitations').createIndex({ tokenHash: 1 }, { unique: true }),
    db.collection('company_invitations').createIndex({ companyId: 1, status: 1, createdAt: -1 }),
    db
      .collection('trade_applications')
      .createIndex({ email: 1 }, { unique: true, partialFilterExpression: { status: 'pending' } }),
    db.collection('trade_applications').createIndex({ email: 1, createdAt: -1 }),
    db.collection('trade_applications').createIndex({ status: 1, createdAt: -1 }),
    // payment_events uses the event id as _id, which is unique already.
    createSharedStateIndexes(db),
    createTaxSettingsIndexes(db),
    createFailedDocumentsIndexes(db),
  ]);
}

/**
 * Other instances' catalogue writes, seen through one version document that every catalogue
 * write increments. It is read at most every VERSION_POLL_MS, in the background (a cached answer
 * never waits for the network): a write elsewhere shows within that much plus a round trip.
 * A change stream would push instead, but it holds a cursor per instance that must be resumed
 * after every failover, for a saving of four tiny reads a second (docs/scaling.md).
 */
const VERSION_POLL_MS = 250;

interface MetaDoc {
  _id: string;
  version: number;
}

function sharedVersion(db: Db): SharedCatalogueVersion {
  const meta = db.collection<MetaDoc>('meta');
  const filter = { _id: 'catalogue' };
  let known = 0;
  let readAt = 0;
  let reading = false;
  return {
    current() {
      const now = Date.now();
      if (!reading && now - readAt >= VERSION_POLL_MS) {
        reading = true;
        readAt = now;
        meta
          .findOne(filter)
          .then((doc) => (known = doc?.version ?? 0))
          .catch(() => undefined) // the cache bound still holds; the next poll tries again
          .finally(() => (reading = false));
      }
      return known;
    },
    async announce() {
      await meta.updateOne(filter, { $inc: { version: 1 } }, { upsert: true });
    },
  };
}

export async function openMongoStore(uri: string, dbName: string): Promise<Store> {
  const client = new MongoClient(uri);
  await client.connect();
  try {
    const db = client.db(dbName);
    await assertReplicaSet(db);
    // Before the indexes: some migrations make a unique index possible (SKUs, one review each).
    await migrateMongo(db);
    await createIndexes(db);
    await ensureDefaultCategory(db.collection<CategoryDoc>('categories'));
    const tools = db.collection<ToolDoc>('tools');
    const orders = db.collection<OrderDoc>('orders');
    const users = db.collection<UserDoc>('users');
    const profiles = db.collection<ProfileDoc>('profiles');
    const counters = db.collection<CounterDoc>('counters');
    const carts = db.collection<CartItemDoc>('cart_items');
    const companyCollections = {
      companies: db.collection<CompanyDoc>('companies'),
      members: db.collection<MemberDoc>('company_members'),
      invitations: db.collection<InvitationDoc>('company_invitations'),
    };
    const terms = mongoTermsInvoices(client, {
      invoices: db.collection<InvoiceDoc>('invoices'),
      counters: db.collection<InvoiceCounterDoc>('counters'),
      companies: companyCollections.companies,
      members: companyCollections.members,
      orders,
      outbox: db.collection<OutboxDoc>('outbox'),
      reminders: db.collection<ReminderDoc>('invoice_reminders'),
    });
    return withCatalogueVersion(
      {
        kind: 'mongo',
        tools: mongoToolsRepo(tools, client),
        categories: mongoCategoriesRepo(db.collection<CategoryDoc>('categories'), tools),
        orders: mongoOrdersRepo(client, {
          orders,
          tools,
          counters,
          carts,
          outbox: db.collection<OutboxDoc>('outbox'),
          users,
          reviews: db.collection<ReviewDoc>('reviews'),
          profiles,
          quotes: db.collection<QuoteDoc>('quotes'),
          members: companyCollections.members,
          idempotencyKeys: db.collection<IdempotencyKeyDoc>('idempotency_keys'),
          companies: companyCollections.companies,
          terms,
        }),
        carts: mongoCartsRepo(carts, tools),
        users: mongoUsersRepo(users, profiles, { client, counters, ...companyCollections }),
        profiles: mongoProfilesRepo(profiles),
        reviews: mongoReviewsRepo(
          client,
          db.collection<ReviewDoc>('reviews'),
          tools,
          orders,
          users,
        ),
        paymentEvents: mongoPaymentEventsRepo(db.collection<PaymentEventDoc>('payment_events')),
        stats: mongoStatsRepo(orders, tools, users),
        taxLedger: mongoTaxLedgerRepo(orders),
        rateLimits: mongoRateLimitsRepo(db.collection('rate_limits')),
        testIntents: mongoTestIntentsRepo(db.collection('test_payment_intents')),
        outbox: mongoOutboxRepo(db.collection<OutboxDoc>('outbox')),
        // One counters collection: `orders` numbers orders, `invoice-<year>` invoices,
        // `credit-note-<year>` credit notes.
        invoices: mongoInvoicesRepo(
          client,
          db.collection<InvoiceDoc>('invoices'),
          db.collection<InvoiceCounterDoc>('counters'),
          terms.repo,
        ),
        creditNotes: mongoCreditNotesRepo(
          client,
          db.collection<CreditNoteDoc>('credit_notes'),
          db.collection<InvoiceCounterDoc>('counters'),
        ),
        refunds: mongoRefundsRepo(
          client,
          db.collection<RefundDoc>('refunds'),
          orders,
          tools,
          mongoReviewVerification(db.collection<ReviewDoc>('reviews'), tools, orders, users),
        ),
        returns: mongoReturnsRepo(client, db.collection<ReturnDoc>('returns'), orders, tools),
        quotes: mongoQuotesRepo(
          db.collection<QuoteDoc>('quotes'),
          db.collection<QuoteCounterDoc>('counters'),
        ),
        savedLists: mongoSavedListsRepo(db.collection<SavedListDoc>('saved_lists')),
        companies: mongoCompaniesRepo(client, companyCollections),
        priceLists: mongoPriceListsRepo(client, {
          lists: db.collection<PriceListDoc>('price_lists'),
          rules: db.collection<PriceListRuleDoc>('price_list_rules'),
          companies: companyCollections.companies,
        }),
        tradeApplications: mongoTradeApplicationsRepo(
          client,
          db.collection<ApplicationDoc>('trade_applications'),
          companyCollections,
        ),
        taxSettings: mongoTaxSettingsRepo(taxSettingsCollections(db)),
        failedDocuments: mongoFailedDocumentsRepo(failedDocumentsCollection(db)),
        async close() {
          await client.close();
        },
      },
      sharedVersion(db),
    );
  } catch (error) {
    await client.close();
    throw error;
  }
}
