import type { Migration } from './migration.js';

/**
 * Issue 48: a trade application keeps the payment terms and credit limit its applicant asked
 * for (the admin grants these or others on approval). Earlier applications asked for nothing.
 */
export const applicationRequestedTerms: Migration = {
  version: 28,
  name: 'application-requested-terms',
  sql: `
    ALTER TABLE trade_applications ADD COLUMN requested_payment_terms TEXT NOT NULL DEFAULT 'none'
      CHECK (requested_payment_terms IN ('none', 'net-15', 'net-30', 'net-60'));
    ALTER TABLE trade_applications ADD COLUMN requested_credit_limit_cents INTEGER NOT NULL
      DEFAULT 0 CHECK (requested_credit_limit_cents >= 0);
  `,
};
