import { AdminOrderListSchema, AdminOrderSchema } from '@toolworks/contract/admin-orders';
import { BatchReceiptSchema } from '@toolworks/contract/shipments';
import { OrderRefundsSchema, RefundSchema, ReturnSchema } from '@toolworks/contract/returns';
import { DeleteToolResponseSchema } from '@toolworks/contract/admin-tools';
import { ImportReportSchema } from '@toolworks/contract/catalogue-import';
import { AccessTokenResponseSchema, AdminCheckResponseSchema } from '@toolworks/contract/auth';
import { AddCartLinesResultSchema, CartSchema } from '@toolworks/contract/cart';
import {
  CompanyDetailSchema,
  CompanyMemberSchema,
  CompanySchema,
  InvitationPreviewSchema,
  InvitationViewSchema,
  MyCompanySchema,
  TradeApplicationSchema,
} from '@toolworks/contract/companies';
import {
  InvoiceCardPaymentSchema,
  TermsInvoiceListSchema,
  TermsInvoiceSchema,
} from '@toolworks/contract/invoices';
import { ToolImagesSchema } from '@toolworks/contract/tool-images';
import { SavedListSchema, SavedListSummarySchema } from '@toolworks/contract/lists';
import { OutboxMessageListSchema, OutboxMessageSchema } from '@toolworks/contract/mail';
import {
  FailedDocumentListSchema,
  RetryFailedDocumentResultSchema,
} from '@toolworks/contract/failed-documents';
import {
  DeleteOrderResponseSchema,
  OrderListSchema,
  OrderSchema,
} from '@toolworks/contract/orders';
import {
  PaymentConfigSchema,
  PaymentIntentResponseSchema,
  TestConfirmResponseSchema,
} from '@toolworks/contract/payments';
import {
  PriceListImportReportSchema,
  PriceListSchema,
  PriceListSummariesSchema,
  PricingExplanationSchema,
} from '@toolworks/contract/price-lists';
import { ProfileSchema } from '@toolworks/contract/profiles';
import { QuickOrderReportSchema } from '@toolworks/contract/quick-order';
import { QuoteSchema } from '@toolworks/contract/quotes';
import { TaxSummarySchema } from '@toolworks/contract/tax';
import {
  AdminReviewListSchema,
  AdminReviewSchema,
  ReviewListSchema,
  ReviewSchema,
} from '@toolworks/contract/reviews';
import { StatsOverviewSchema } from '@toolworks/contract/stats';
import { EuDistanceSalesSchema, NexusMeterSchema } from '@toolworks/contract/tax-reports';
import {
  ExpiringCertificatesSchema,
  NexusStateSchema,
  NexusStatesSchema,
  ResaleCertificateSchema,
  ResaleCertificatesSchema,
  VatRatesRowSchema,
  VatRatesTableSchema,
} from '@toolworks/contract/tax-settings';
import {
  CategoryListSchema,
  CategorySchema,
  ToolListSchema,
  ToolSchema,
  ToolSuggestionsSchema,
} from '@toolworks/contract/tools';
import {
  DeleteUserResponseSchema,
  DemoteAdminResponseSchema,
  MakeAdminResponseSchema,
  RestoreUserResponseSchema,
  UserListSchema,
} from '@toolworks/contract/users';
import { z } from 'zod';

/**
 * What every API call of the client gets back, as the contract describes it: checked in
 * development and in tests (api-client.ts loads this module only there), so that a server change,
 * or a test's fake answer, that drifts from the contract fails loudly instead of rendering
 * `undefined`. Production builds leave the check (and this module) out: the server is tested
 * against the same schemas.
 *
 * A route is "METHOD /path" with `:name` for one path segment; the first match wins, so fixed
 * paths come before the parameterised ones that would also match them.
 */
const routes: [route: string, schema: z.ZodType][] = [
  // Accounts and users
  ['PUT /user/:email', AccessTokenResponseSchema],
  ['GET /admin/outbox', OutboxMessageListSchema],
  ['GET /admin/failed-documents', FailedDocumentListSchema],
  ['GET /admin/returns', z.array(ReturnSchema)],
  ['GET /admin/:email', AdminCheckResponseSchema],
  ['GET /userDetails/:email', ProfileSchema.nullable()],
  ['POST /addUser', ProfileSchema],
  ['GET /users', UserListSchema],
  ['PUT /user/admin/:email', MakeAdminResponseSchema],
  ['DELETE /user/admin/:email', DemoteAdminResponseSchema],
  ['PUT /user/:email/restore', RestoreUserResponseSchema],
  ['DELETE /user/:email', DeleteUserResponseSchema],
  // Catalogue
  ['GET /tools/suggest', ToolSuggestionsSchema],
  ['GET /tools', ToolListSchema],
  ['GET /tool/:id/reviews', ReviewListSchema],
  ['GET /tool/:id', ToolSchema],
  ['PUT /tool/:id', ToolSchema],
  ['POST /addtools', ToolSchema],
  ['POST /tools/:id/images', ToolImagesSchema],
  ['PATCH /tools/:id/images', ToolImagesSchema],
  ['DELETE /tools/:id/images/:imageId', ToolImagesSchema],
  ['DELETE /delete/:id', DeleteToolResponseSchema],
  ['GET /categories', CategoryListSchema],
  ['POST /categories', CategorySchema],
  ['POST /quick-order/check', QuickOrderReportSchema],
  ['POST /admin/catalogue/import', ImportReportSchema],
  // Reviews
  ['GET /allReviews', ReviewListSchema],
  ['POST /addReview', ReviewSchema],
  ['GET /reviews', AdminReviewListSchema],
  ['PATCH /review/:id', AdminReviewSchema],
  // Cart, orders and payments
  ['GET /cart', CartSchema],
  ['GET /cart/tax', TaxSummarySchema],
  ['POST /cart/lines', AddCartLinesResultSchema],
  ['PUT /cart/:toolId', CartSchema],
  ['DELETE /cart/:toolId', CartSchema],
  ['POST /checkout', OrderSchema],
  ['POST /addOrderItem', OrderSchema],
  ['GET /myOrders/:email', OrderListSchema],
  ['GET /order/:id', OrderSchema],
  ['PATCH /order/:id', OrderSchema],
  ['DELETE /order/:id', DeleteOrderResponseSchema],
  ['GET /orders', AdminOrderListSchema],
  ['PATCH /order/:id/ship', AdminOrderSchema],
  ['PATCH /order/:id/deliver', AdminOrderSchema],
  ['POST /order/:id/refund', AdminOrderSchema],
  ['POST /order/:id/shipments', AdminOrderSchema],
  ['PATCH /order/:id/shipments/:shipmentId/deliver', AdminOrderSchema],
  ['GET /admin/orders/ready-to-ship', AdminOrderListSchema],
  ['POST /tool/:id/batches/receive', BatchReceiptSchema],
  ['GET /order/:id/refunds', OrderRefundsSchema],
  [
    'POST /order/:id/refunds',
    OrderRefundsSchema.extend({ refund: RefundSchema, status: z.string() }),
  ],
  ['POST /order/:id/returns', ReturnSchema],
  ['POST /returns/:id/approve', ReturnSchema],
  ['POST /returns/:id/decline', ReturnSchema],
  ['POST /returns/:id/receive', ReturnSchema],
  ['POST /returns/:id/refund', ReturnSchema],
  ['POST /order/:id/approve', OrderSchema],
  ['POST /order/:id/reject', OrderSchema],
  ['GET /payments/config', PaymentConfigSchema],
  ['POST /create-payment-intent', PaymentIntentResponseSchema],
  ['POST /payments/test/confirm', TestConfirmResponseSchema],
  ['GET /invoices', TermsInvoiceListSchema],
  ['GET /order/:id/terms-invoice', TermsInvoiceSchema],
  ['POST /invoices/:number/payments', TermsInvoiceSchema],
  ['POST /invoices/:number/card-payment', InvoiceCardPaymentSchema],
  ['POST /invoices/:number/card-payment/confirm', TermsInvoiceSchema],
  // Quotes
  ['GET /quotes/mine', z.array(QuoteSchema)],
  ['GET /quotes', z.array(QuoteSchema)],
  ['POST /quotes', QuoteSchema],
  ['GET /quotes/:id/tax', TaxSummarySchema],
  ['POST /quotes/:id/accept', z.object({ quote: QuoteSchema, order: OrderSchema })],
  ['PATCH /quotes/:id', QuoteSchema],
  // Saved lists
  ['GET /lists', z.array(SavedListSummarySchema)],
  ['POST /lists', SavedListSchema],
  ['GET /lists/:id', SavedListSchema],
  ['PATCH /lists/:id', SavedListSchema],
  ['DELETE /lists/:id', z.undefined()],
  ['PUT /lists/:id/sharing', SavedListSchema],
  ['POST /lists/:id/lines', SavedListSchema],
  ['PATCH /lists/:id/lines/:toolId', SavedListSchema],
  ['DELETE /lists/:id/lines/:toolId', SavedListSchema],
  ['POST /lists/:id/cart', AddCartLinesResultSchema],
  // Price lists (issue 50)
  ['GET /price-lists', PriceListSummariesSchema],
  ['POST /price-lists', PriceListSchema],
  ['GET /price-lists/:id', PriceListSchema],
  ['PUT /price-lists/:id', PriceListSchema],
  ['DELETE /price-lists/:id', z.undefined()],
  ['POST /price-lists/:id/import', PriceListImportReportSchema],
  ['GET /pricing/explain', PricingExplanationSchema],
  // Companies
  ['GET /companies', z.array(CompanySchema)],
  ['POST /companies', CompanyDetailSchema],
  ['GET /companies/:id', CompanyDetailSchema],
  ['PUT /companies/:id', CompanyDetailSchema],
  ['POST /companies/:id/vat-check', CompanyDetailSchema],
  ['POST /companies/:id/vat-verification', CompanyDetailSchema],
  ['POST /companies/:id/invitations', CompanyDetailSchema],
  ['DELETE /companies/:id/invitations/:invitationId', CompanyDetailSchema],
  ['PATCH /companies/:id/members/:email', CompanyMemberSchema],
  ['DELETE /companies/:id/members/:email', CompanyDetailSchema],
  ['GET /company', MyCompanySchema],
  ['GET /company/approvals', OrderListSchema],
  ['GET /company/orders', OrderListSchema],
  ['GET /company/invoices', TermsInvoiceListSchema],
  ['GET /company/quotes', z.array(QuoteSchema)],
  ['POST /company/invitations', CompanyDetailSchema],
  ['DELETE /company/invitations/:invitationId', CompanyDetailSchema],
  ['PATCH /company/members/:email', CompanyMemberSchema],
  ['DELETE /company/members/:email', CompanyDetailSchema],
  ['GET /invitations/:token', InvitationViewSchema],
  ['GET /invitations/:token/preview', InvitationPreviewSchema],
  ['POST /invitations/:token/accept', MyCompanySchema],
  ['GET /trade-applications', z.array(TradeApplicationSchema)],
  ['POST /trade-applications', TradeApplicationSchema],
  ['POST /trade-applications/:id/approve', z.object({ company: CompanySchema })],
  ['POST /trade-applications/:id/decline', TradeApplicationSchema],
  // Price lists
  ['GET /price-lists', PriceListSummariesSchema],
  ['POST /price-lists', PriceListSchema],
  ['POST /price-lists/:id/import', PriceListImportReportSchema],
  ['GET /price-lists/:id', PriceListSchema],
  ['PUT /price-lists/:id', PriceListSchema],
  ['DELETE /price-lists/:id', z.undefined()],
  ['GET /pricing/explain', PricingExplanationSchema],
  // Tax settings (issue 51)
  ['GET /admin/tax/rates', VatRatesTableSchema],
  ['PUT /admin/tax/rates/:country', VatRatesRowSchema],
  ['DELETE /admin/tax/rates/:country', VatRatesRowSchema],
  ['GET /admin/tax/nexus', NexusStatesSchema],
  ['PUT /admin/tax/nexus/:state', NexusStateSchema],
  ['DELETE /admin/tax/nexus/:state', z.undefined()],
  ['GET /admin/tax/certificates/expiring', ExpiringCertificatesSchema],
  ['GET /companies/:id/resale-certificates', ResaleCertificatesSchema],
  ['POST /companies/:id/resale-certificates', ResaleCertificateSchema],
  ['DELETE /companies/:id/resale-certificates/:certId', z.undefined()],
  // Admin
  ['GET /stats/overview', StatsOverviewSchema],
  ['GET /admin/tax/nexus-meter', NexusMeterSchema],
  ['GET /admin/tax/eu-distance-sales', EuDistanceSalesSchema],
  ['POST /admin/outbox/:id/retry', OutboxMessageSchema],
  ['POST /admin/failed-documents/:orderId/retry', RetryFailedDocumentResultSchema],
];

const compiled = routes.map(([route, schema]) => {
  const [method, path] = route.split(' ') as [string, string];
  const pattern = path.replace(/:[A-Za-z]+/g, '[^/]+');
  return { route, method, regex: new RegExp(`^${pattern}$`), schema };
});

export class ContractMismatchError extends Error {
  override readonly name = 'ContractMismatchError';
}

/** The contract's schema for an answer of `method path` (path without the query string). */
export function responseSchemaFor(method: string, path: string): z.ZodType | undefined {
  return compiled.find((r) => r.method === method && r.regex.test(path))?.schema;
}

/**
 * Throws when the answer does not match the contract, or when no contract names the route (a new
 * call must say what it expects back).
 */
export function checkResponse(method: string, path: string, data: unknown): void {
  const pathOnly = path.split('?')[0]!;
  const schema = responseSchemaFor(method, pathOnly);
  if (!schema) {
    throw new ContractMismatchError(
      `${method} ${pathOnly} has no response schema: add it to lib/response-contract.ts`,
    );
  }
  const result = schema.safeParse(data);
  if (!result.success) {
    const issues = result.error.issues
      .slice(0, 5)
      .map((issue) => `${issue.path.join('.') || '(root)'}: ${issue.message}`)
      .join('; ');
    throw new ContractMismatchError(
      `${method} ${pathOnly} answered outside the contract: ${issues}`,
    );
  }
}
