import type { Migration } from './migration.js';

// Issue 51: what an admin keeps for tax. Rates are percent with up to three decimals (8.875),
// exact enough as REAL. A certificate's PDF is in the file storage at `file_key`, like a photo.
export const taxSettings: Migration = {
  version: 38,
  name: 'tax-settings',
  sql: `
    CREATE TABLE vat_rate_overrides (
      country TEXT PRIMARY KEY,
      standard REAL NOT NULL CHECK (standard >= 0 AND standard < 100),
      reduced REAL NOT NULL CHECK (reduced >= 0 AND reduced <= standard),
      updated_by TEXT NOT NULL,
      updated_at TEXT NOT NULL
    );
    CREATE TABLE tax_nexus_states (
      state TEXT PRIMARY KEY,
      rate_percent REAL NOT NULL CHECK (rate_percent > 0 AND rate_percent < 100),
      since TEXT,
      updated_by TEXT NOT NULL,
      updated_at TEXT NOT NULL
    );
    CREATE TABLE resale_certificates (
      id TEXT PRIMARY KEY,
      company_id TEXT NOT NULL REFERENCES companies (id),
      number TEXT NOT NULL,
      state TEXT NOT NULL,
      expires_on TEXT NOT NULL,
      file_key TEXT NOT NULL,
      file_bytes INTEGER NOT NULL,
      created_at TEXT NOT NULL,
      created_by TEXT NOT NULL
    );
    CREATE INDEX resale_certificates_company ON resale_certificates (company_id, expires_on);
    CREATE INDEX resale_certificates_expiry ON resale_certificates (expires_on);
  `,
};
