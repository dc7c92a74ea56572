import type { Migration } from './migration.js';

/**
 * Issue 48: outbox.priority, claimed highest first, so that account mail (an invitation, an
 * approval) goes out ahead of a backlog of order mail. The due index leads with it, as the claim
 * orders by it.
 */
export const outboxPriority: Migration = {
  version: 29,
  name: 'outbox-priority',
  sql: `
    ALTER TABLE outbox ADD COLUMN priority INTEGER NOT NULL DEFAULT 0;
    DROP INDEX outbox_due;
    CREATE INDEX outbox_due ON outbox (status, priority DESC, next_attempt_at);
  `,
};
