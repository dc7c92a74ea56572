import type { Migration } from './migration.js';

// Issue 52: what a company's invoice email attaches (Factur-X, the default, for every company
// there is) and its buyer reference (BT-10, a public buyer's Leitweg-ID; NULL: none).
export const companyEInvoice: Migration = {
  version: 40,
  name: 'company-einvoice',
  sql: `
    ALTER TABLE companies ADD COLUMN e_invoice_format TEXT NOT NULL DEFAULT 'facturx'
      CHECK (e_invoice_format IN ('pdf', 'facturx', 'xrechnung-ubl', 'xrechnung-cii'));
    ALTER TABLE companies ADD COLUMN buyer_reference TEXT
      CHECK (buyer_reference IS NULL OR length(buyer_reference) BETWEEN 1 AND 100);
  `,
};
