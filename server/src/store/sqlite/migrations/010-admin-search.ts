import type { Migration } from './migration.js';

// Manage Orders filters by the day of placement, alone or with a status; the newest-first page
// then walks these instead of every order. Searching text (number, email, tool name) is a
// substring match that no B-tree can answer: it scans what the status and dates leave.
export const adminSearch: Migration = {
  version: 10,
  name: 'admin-search',
  sql: `
    CREATE INDEX orders_created_at ON orders (created_at);
    CREATE INDEX orders_status_created_at ON orders (status, created_at);
  `,
};
