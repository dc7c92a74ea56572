// The tax module's public face (issue 51): VAT IDs checked for their format at once and
// verified with VIES, now or by the sweep start.ts runs; what an order's tax decision reads.
export { createVatChecks, type VatChecks } from './vat-checks.js';
export { vatIdFormatOf, withVatIdCheck } from './vat-id-field.js';
export { createTaxSettings, type TaxSettings } from './tax-settings.js';
export { resaleCertificateUploadRouter, taxSettingsRouter } from './tax-settings.router.js';
export {
  breakdownWire,
  orderTaxContextsFor,
  taxSummary,
  type OrderTaxContexts,
  type ShipToRequest,
} from './order-tax-context.js';
