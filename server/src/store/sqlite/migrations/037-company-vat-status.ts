import type { Migration } from './migration.js';

// Issue 51: a company's VAT ID verified with VIES. Every existing company is due a check at
// once; the sweep sets an ID that is no member state's to `unchecked` without asking VIES. The
// evidence and a manual verification are read and written whole: JSON. `vat_claimed_*` is the
// sweep's lease, as the mail outbox's, so several instances never check one company together.
export const companyVatStatus: Migration = {
  version: 37,
  name: 'company-vat-status',
  sql: `
    ALTER TABLE companies ADD COLUMN vat_status TEXT NOT NULL DEFAULT 'pending'
      CHECK (vat_status IN ('unchecked', 'pending', 'valid', 'invalid', 'unavailable'));
    ALTER TABLE companies ADD COLUMN vat_evidence TEXT CHECK (json_valid(vat_evidence));
    ALTER TABLE companies ADD COLUMN vat_check_due_at TEXT;
    ALTER TABLE companies ADD COLUMN vat_check_attempts INTEGER NOT NULL DEFAULT 0;
    ALTER TABLE companies ADD COLUMN vat_last_error TEXT;
    ALTER TABLE companies ADD COLUMN vat_manual_verification TEXT
      CHECK (json_valid(vat_manual_verification));
    ALTER TABLE companies ADD COLUMN vat_claimed_by TEXT;
    ALTER TABLE companies ADD COLUMN vat_claimed_until TEXT;
    UPDATE companies SET vat_check_due_at = strftime('%Y-%m-%dT%H:%M:%fZ', 'now');
    CREATE INDEX companies_vat_due ON companies (vat_check_due_at)
      WHERE vat_check_due_at IS NOT NULL;
  `,
};
