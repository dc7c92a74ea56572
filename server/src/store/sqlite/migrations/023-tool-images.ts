import type { Migration } from './migration.js';

/**
 * Issue 25, images: a tool's uploaded photos, the main one first, as a JSON array kept with the
 * tool (like its specs and tiers): every catalogue read that shows a tool has its photos without
 * a join. The files live in the image storage (images/), not in the database.
 */
export const toolImages: Migration = {
  version: 23,
  name: 'tool-images',
  sql: `ALTER TABLE tools ADD COLUMN images TEXT NOT NULL DEFAULT '[]';`,
};
