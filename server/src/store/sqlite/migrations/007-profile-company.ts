import type { Migration } from './migration.js';

// Issue 13: a trade buyer's company, VAT / tax id and default delivery address. Existing
// profiles get empty values, which the API shows as "not given".
export const profileCompany: Migration = {
  version: 7,
  name: 'profile-company',
  sql: `
    ALTER TABLE profiles ADD COLUMN company_name TEXT NOT NULL DEFAULT '';
    ALTER TABLE profiles ADD COLUMN vat_id TEXT NOT NULL DEFAULT '';
    ALTER TABLE profiles ADD COLUMN delivery_address TEXT NOT NULL DEFAULT '';
  `,
};
