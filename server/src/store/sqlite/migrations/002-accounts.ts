import type { Migration } from './migration.js';

// admin_source says where an admin right came from ('list': ADMIN_EMAILS at sign-in, 'granted':
// Make Admin), so leaving the list takes away only the rights the list gave. removed_at blocks the
// address: a removed user keeps their row (and their orders) so they cannot simply sign back in.
// Every existing admin was made by Make Admin or by the list, and the two were not told apart:
// they are kept as 'granted', so nobody loses rights by this migration.
export const accounts: Migration = {
  version: 2,
  name: 'accounts',
  sql: `
    ALTER TABLE users ADD COLUMN admin_source TEXT CHECK (admin_source IN ('list', 'granted'));
    ALTER TABLE users ADD COLUMN removed_at TEXT;
    UPDATE users SET admin_source = 'granted' WHERE role = 'admin';
    CREATE INDEX users_admins ON users (role) WHERE role IS NOT NULL;
  `,
};
