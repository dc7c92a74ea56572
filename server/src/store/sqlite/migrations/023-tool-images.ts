import type { Migration } from './migration.js';

/**
 * Issue 25:
 * - tools.images: a tool's uploaded photos, the main one first, as a JSON array kept with the
 *   tool (like its specs and tiers): every catalogue read that shows a tool has its photos
 *   without a join. The files live in the image storage (images/), not in the database.
 * - saved lists shared with a company (company_id, there since 017): its members' lists page
 *   reads them by company, in name order, from this index.
 */
export const toolImages: Migration = {
  version: 23,
  name: 'tool-images',
  sql: `
    ALTER TABLE tools ADD COLUMN images TEXT NOT NULL DEFAULT '[]';
    CREATE INDEX saved_lists_company ON saved_lists (company_id, name_key)
      WHERE company_id IS NOT NULL;
  `,
};
