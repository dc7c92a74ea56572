import type { Migration } from './migration.js';
import { initial } from './001-initial.js';
import { accounts } from './002-accounts.js';
import { orders003 } from './003-orders.js';
import { catalogue } from './004-catalogue.js';
import { sharedState } from './005-shared-state.js';
import { mailInvoices } from './006-mail-invoices.js';
import { profileCompany } from './007-profile-company.js';
import { trade } from './008-trade.js';
import { fulfilment } from './009-fulfilment.js';
import { adminSearch } from './010-admin-search.js';
import { unpaidIndex } from './011-unpaid-index.js';
import { leanOrderIndexes } from './012-lean-order-indexes.js';
import { invoiceSnapshots } from './013-invoice-snapshots.js';
import { quoteOffers } from './014-quote-offers.js';
import { honestReviewsSessions } from './015-honest-reviews-sessions.js';
import { toolSkus } from './016-tool-skus.js';
import { savedLists } from './017-saved-lists.js';
import { companies } from './018-companies.js';
import { orderApprovals } from './019-order-approvals.js';
import { netTerms } from './020-net-terms.js';
import { invoiceCardPayments } from './021-invoice-card-payments.js';
import { backorders } from './022-backorders.js';
import { toolImages } from './023-tool-images.js';
import { outboxBodySource } from './024-outbox-body-source.js';
import { toolListJson } from './025-tool-list-json.js';
import { toolListRev } from './026-tool-list-rev.js';
import { idempotencyKeys } from './027-idempotency-keys.js';
import { outboxPriority } from './029-outbox-priority.js';
import { applicationRequestedTerms } from './028-application-requested-terms.js';
import { skuSearch } from './031-sku-search.js';
import { orderLinePriceList } from './035-order-line-price-list.js';
import { approvalWindow } from './030-approval-window.js';
import { paymentMethod } from './032-payment-method.js';
import { priceLists } from './033-price-lists.js';
import { toolPacks } from './034-tool-packs.js';
import { toolTaxClass } from './036-tool-tax-class.js';
import { companyVatStatus } from './037-company-vat-status.js';
import { taxSettings } from './038-tax-settings.js';
import { orderTax } from './039-order-tax.js';
import { companyEInvoice } from './040-company-einvoice.js';
import { failedDocuments } from './041-failed-documents.js';
import { shipments } from './042-shipments.js';
import { refundsReturns } from './043-refunds-returns.js';

export const migrations: readonly Migration[] = [
  initial,
  accounts,
  orders003,
  catalogue,
  sharedState,
  mailInvoices,
  profileCompany,
  trade,
  fulfilment,
  adminSearch,
  unpaidIndex,
  leanOrderIndexes,
  invoiceSnapshots,
  quoteOffers,
  honestReviewsSessions,
  toolSkus,
  savedLists,
  companies,
  orderApprovals,
  netTerms,
  invoiceCardPayments,
  backorders,
  toolImages,
  outboxBodySource,
  toolListJson,
  toolListRev,
  idempotencyKeys,
  applicationRequestedTerms,
  outboxPriority,
  approvalWindow,
  skuSearch,
  paymentMethod,
  priceLists,
  toolPacks,
  orderLinePriceList,
  toolTaxClass,
  companyVatStatus,
  taxSettings,
  orderTax,
  companyEInvoice,
  failedDocuments,
  shipments,
  refundsReturns,
];
