import { describe } from 'vitest';
import type { StoreFactory } from './fresh-store.js';
import { toolsContract } from './tools.contract.js';
import { skusContract } from './skus.contract.js';
import { catalogueImportContract } from './catalogue-import.contract.js';
import { toolSearchContract } from './tool-search.contract.js';
import { ordersContract } from './orders.contract.js';
import { orderLifecycleContract } from './order-lifecycle.contract.js';
import { accountsContract } from './accounts.contract.js';
import { statsContract } from './stats.contract.js';
import { catalogueVersionContract } from './catalogue-version.contract.js';
import { sharedStateContract } from './shared-state.contract.js';
import { outboxContract } from './outbox.contract.js';
import { invoicesContract } from './invoices.contract.js';
import { reservationsContract } from './reservations.contract.js';
import { tradeContract } from './trade.contract.js';
import { quoteAcceptanceContract } from './quote-acceptance.contract.js';
import { groupCommitContract } from './group-commit.contract.js';
import { fulfilmentContract } from './fulfilment.contract.js';
import { adminSearchContract } from './admin-search.contract.js';
import { categoriesContract } from './categories.contract.js';
import { reviewRulesContract } from './review-rules.contract.js';
import { savedListsContract } from './saved-lists.contract.js';
import { companiesContract } from './companies.contract.js';
import { approvalsContract } from './approvals.contract.js';
import { netTermsContract } from './net-terms.contract.js';
import { backordersContract } from './backorders.contract.js';

export type { StoreFactory } from './fresh-store.js';

/** The behaviour every storage adapter must show; run by src/store/contract.test.ts. */
export function storeContract(factory: StoreFactory): void {
  describe('tools', () => toolsContract(factory));
  describe('part numbers (SKUs)', () => skusContract(factory));
  describe('catalogue import', () => catalogueImportContract(factory));
  describe('tool search', () => toolSearchContract(factory));
  describe('categories', () => categoriesContract(factory));
  describe('placing orders', () => ordersContract(factory));
  describe('order lifecycle', () => orderLifecycleContract(factory));
  describe('users, profiles, reviews and payment events', () => accountsContract(factory));
  describe('overview statistics', () => statsContract(factory));
  describe('catalogue version', () => catalogueVersionContract(factory));
  describe('shared state (rate limits, test intents)', () => sharedStateContract(factory));
  describe('mail outbox', () => outboxContract(factory));
  describe('invoice numbers', () => invoicesContract(factory));
  describe('payment on invoice (net terms)', () => netTermsContract(factory));
  describe('many-line orders, reservations and the cart', () => reservationsContract(factory));
  describe('volume prices and quotes', () => tradeContract(factory));
  describe('accepting a quote', () => quoteAcceptanceContract(factory));
  describe('writes arriving together (group commit)', () => groupCommitContract(factory));
  describe('shipping, delivery and refunds', () => fulfilmentContract(factory));
  describe("admins' order and user search", () => adminSearchContract(factory));
  describe('review rules and removed buyers', () => reviewRulesContract(factory));
  describe('saved lists', () => savedListsContract(factory));
  describe('companies, members and trade applications', () => companiesContract(factory));
  describe('spending limits and approvals', () => approvalsContract(factory));
  describe('lead times, batches and backorders', () => backordersContract(factory));
}
