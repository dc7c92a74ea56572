/**
 * The storage port. Routers and services talk to these interfaces only; the adapters in
 * `sqlite/` and `mongo/` are the only code that touches a database driver.
 *
 * Records are plain objects. Ids are 24-hex-character strings from either adapter.
 * Money is integer cents. Emails are stored lower-cased (callers pass them normalised).
 *
 * One file per area in `ports/` (catalogue, orders, accounts, companies, quotes, saved lists,
 * documents, stats, mail, shared state); this file re-exports them all and assembles the `Store`
 * that both adapters build.
 */

export * from './ports/common.js';
export * from './ports/catalogue.js';
export * from './ports/orders.js';
export * from './ports/accounts.js';
export * from './ports/quotes.js';
export * from './ports/documents.js';
export * from './ports/stats.js';
export * from './ports/mail.js';
export * from './ports/saved-lists.js';
export * from './ports/companies.js';
export * from './ports/shared-state.js';
export * from './ports/price-lists.js';
export * from './ports/tax-settings.js';
export * from './ports/tax-ledger.js';
export * from './ports/failed-documents.js';
export * from './ports/returns.js';

import type { CategoriesRepo, ReviewsRepo, ToolsRepo } from './ports/catalogue.js';
import type { CartsRepo, OrdersRepo } from './ports/orders.js';
import type { ProfilesRepo, UsersRepo } from './ports/accounts.js';
import type { QuotesRepo } from './ports/quotes.js';
import type { SavedListsRepo } from './ports/saved-lists.js';
import type { CompaniesRepo, TradeApplicationsRepo } from './ports/companies.js';
import type { CreditNotesRepo, InvoicesRepo } from './ports/documents.js';
import type { StatsRepo } from './ports/stats.js';
import type { TaxLedgerRepo } from './ports/tax-ledger.js';
import type { OutboxRepo } from './ports/mail.js';
import type { PriceListsRepo } from './ports/price-lists.js';
import type { TaxSettingsRepo } from './ports/tax-settings.js';
import type { FailedDocumentsRepo } from './ports/failed-documents.js';
import type { RefundsRepo, ReturnsRepo } from './ports/returns.js';
import type { PaymentEventsRepo, RateLimitsRepo, TestIntentsRepo } from './ports/shared-state.js';

export interface Store {
  readonly kind: 'sqlite' | 'mongo';

  // The shop's data.
  tools: ToolsRepo;
  categories: CategoriesRepo;
  reviews: ReviewsRepo;
  orders: OrdersRepo;
  carts: CartsRepo;
  quotes: QuotesRepo;
  /** Never moves the catalogue version: a list changes nothing anyone else sees. */
  savedLists: SavedListsRepo;
  companies: CompaniesRepo;
  /** Contract prices; never moves the catalogue version (a list changes no public page). */
  priceLists: PriceListsRepo;
  tradeApplications: TradeApplicationsRepo;
  /** EU rate corrections, US nexus states, resale certificates (issue 51). */
  taxSettings: TaxSettingsRepo;
  invoices: InvoicesRepo;
  creditNotes: CreditNotesRepo;
  /** Partial refunds and credits (issue 53), each documented by a credit note. */
  refunds: RefundsRepo;
  /** Returns (RMA): requested, approved or declined, received, refunded. */
  returns: ReturnsRepo;
  /** Invoices and credit notes whose e-invoice failed its rules: not issued, to retry. */
  failedDocuments: FailedDocumentsRepo;
  users: UsersRepo;
  profiles: ProfilesRepo;
  stats: StatsRepo;
  /** What was sold, taxed: read by the tax decision's EU threshold and the tax reports. */
  taxLedger: TaxLedgerRepo;

  // Plumbing: state every instance must share, kept in the store rather than in memory.
  outbox: OutboxRepo;
  paymentEvents: PaymentEventsRepo;
  rateLimits: RateLimitsRepo;
  testIntents: TestIntentsRepo;

  /**
   * Grows after every write through this object that changes the public catalogue (tools and
   * their stock); see `catalogue-version.ts`. Writes by other processes do not move it.
   */
  catalogueVersion(): number;
  /**
   * Grows after every write through this object to accounts, companies, memberships and trade
   * applications, and with any write another process is seen to make; see `catalogue-version.ts`.
   */
  peopleVersion(): number;
  close(): Promise<void>;
}
