import type { Migration } from './migration.js';

/**
 * Issue 48: orders awaiting approval now hold their stock for APPROVAL_WINDOW_DAYS. Those already
 * waiting had no clock and would hold it for ever: they get the default window (7 days) from the
 * upgrade, so their buyers are told before they expire rather than at once.
 */
export const approvalWindow: Migration = {
  version: 30,
  name: 'approval-window',
  sql: `
    UPDATE orders SET expires_at = strftime('%Y-%m-%dT%H:%M:%fZ', 'now', '+7 days')
    WHERE status = 'awaiting_approval' AND expires_at IS NULL;
  `,
};
