import type { Migration } from './migration.js';

/**
 * Issue 27: outbox.body_source, what a message's body is made from when it is sent (JSON, see
 * `OutboxBodySource`), html and text then empty. An order's "placed" email was 4-5 kB of HTML and
 * text, written in the order's own batch: past SQLite's 4 kB page, an overflow page per order.
 */
export const outboxBodySource: Migration = {
  version: 24,
  name: 'outbox-body-source',
  sql: `
    ALTER TABLE outbox ADD COLUMN body_source TEXT;
  `,
};
