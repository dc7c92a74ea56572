import type Database from 'better-sqlite3';
import type { AdminSource, UserRecord, UsersRepo } from '../store.js';
import { newObjectId } from '../object-id.js';
import { escapeLike } from './search.js';

interface UserRow {
  id: string;
  email: string;
  name: string | null;
  role: 'admin' | null;
  admin_source: AdminSource | null;
  removed_at: string | null;
  sessions_valid_from: string | null;
  created_at: string;
}

function toUserRecord(row: UserRow): UserRecord {
  return {
    _id: row.id,
    email: row.email,
    ...(row.name !== null && { name: row.name }),
    ...(row.role !== null && { role: row.role, adminSource: row.admin_source ?? 'granted' }),
    ...(row.removed_at !== null && { removedAt: row.removed_at }),
    ...(row.sessions_valid_from != null && { sessionsValidFrom: row.sessions_valid_from }),
    createdAt: row.created_at,
  };
}

export function sqliteUsersRepo(db: Database.Database): UsersRepo {
  // The role column is deliberately absent from the upsert: signing in never grants or drops it.
  const upsert = db.prepare(`INSERT INTO users (id, email, name, created_at) VALUES (?, ?, ?, ?)
    ON CONFLICT (email) DO UPDATE SET name = coalesce(excluded.name, users.name)
    RETURNING *`);
  const byEmail = db.prepare('SELECT * FROM users WHERE email = ?');
  // An empty pattern ('%%') matches every row, so one statement serves with and without search.
  const matching = `(email LIKE @pattern ESCAPE '\\' OR coalesce(name, '') LIKE @pattern ESCAPE '\\')`;
  const listActive = db.prepare(
    `SELECT * FROM users WHERE removed_at IS NULL AND ${matching} ORDER BY created_at, id`,
  );
  const listRemoved = db.prepare(
    `SELECT * FROM users WHERE removed_at IS NOT NULL AND ${matching}
     ORDER BY removed_at DESC, id DESC`,
  );
  // A grant overrides a list right; the list never overrides a grant.
  const promote = db.prepare(`UPDATE users SET role = 'admin', admin_source = @source
    WHERE email = @email AND removed_at IS NULL
      AND (role IS NULL OR (admin_source IS NOT @source AND @source = 'granted'))`);
  const otherAdmins = db
    .prepare(
      "SELECT count(*) FROM users WHERE role = 'admin' AND removed_at IS NULL AND email != ?",
    )
    .pluck();
  const demote = db.prepare('UPDATE users SET role = NULL, admin_source = NULL WHERE email = ?');
  // The restore clears removed_at but keeps sessions_valid_from (see migration 015).
  const block = db.prepare(`UPDATE users SET removed_at = @now, sessions_valid_from = @now,
    role = NULL, admin_source = NULL WHERE email = @email`);
  const unblock = db.prepare(
    'UPDATE users SET removed_at = NULL WHERE email = ? AND removed_at IS NOT NULL',
  );
  const removeProfile = db.prepare('DELETE FROM profiles WHERE email = ?');
  const memberOf = db.prepare('SELECT company_id, role FROM company_members WHERE email = ?');
  const otherCompanyAdmins = db
    .prepare(
      `SELECT count(*) FROM company_members WHERE company_id = ? AND role = 'company-admin'
      AND email != ?`,
    )
    .pluck();
  const removeMembership = db.prepare('DELETE FROM company_members WHERE email = ?');

  const activeRow = (email: string) => {
    const row = byEmail.get(email) as UserRow | undefined;
    return row && row.removed_at === null ? row : undefined;
  };
  // Reading and writing in one IMMEDIATE transaction: two admins demoting each other at once
  // are serialised, so the second sees that the first is gone and is refused.
  const demoteTx = db.transaction((email: string) => {
    const row = activeRow(email);
    if (row?.role !== 'admin') return 'NOT_ADMIN' as const;
    if ((otherAdmins.get(email) as number) === 0) return 'LAST_ADMIN' as const;
    demote.run(email);
    return 'DEMOTED' as const;
  });
  const removeTx = db.transaction((email: string) => {
    const row = activeRow(email);
    if (!row) return 'NOT_FOUND' as const;
    if (row.role === 'admin' && (otherAdmins.get(email) as number) === 0)
      return 'LAST_ADMIN' as const;
    const member = memberOf.get(email) as { company_id: string; role: string } | undefined;
    if (
      member?.role === 'company-admin' &&
      (otherCompanyAdmins.get(member.company_id, email) as number) === 0
    )
      return 'LAST_COMPANY_ADMIN' as const;
    block.run({ now: new Date().toISOString(), email });
    removeProfile.run(email);
    removeMembership.run(email);
    return 'REMOVED' as const;
  });

  return {
    async upsert(email, name) {
      const row = upsert.get(
        newObjectId(),
        email.toLowerCase(),
        name ?? null,
        new Date().toISOString(),
      );
      return toUserRecord(row as UserRow);
    },
    async getByEmail(email, options) {
      const row = byEmail.get(email.toLowerCase()) as UserRow | undefined;
      if (!row || (row.removed_at !== null && !options?.includeRemoved)) return null;
      return toUserRecord(row);
    },
    async list(options) {
      const pattern = `%${escapeLike(options?.search?.trim() ?? '')}%`;
      const rows = (options?.removed ? listRemoved : listActive).all({ pattern }) as UserRow[];
      return rows.map(toUserRecord);
    },
    async makeAdmin(email, source = 'granted') {
      return promote.run({ email: email.toLowerCase(), source }).changes;
    },
    async demoteAdmin(email) {
      return demoteTx.immediate(email.toLowerCase());
    },
    async demoteListAdminsExcept(listed) {
      const keep = listed.map((e) => e.toLowerCase());
      return db
        .prepare(
          `UPDATE users SET role = NULL, admin_source = NULL WHERE admin_source = 'list'
           AND email NOT IN (SELECT value FROM json_each(?))`,
        )
        .run(JSON.stringify(keep)).changes;
    },
    async remove(email) {
      return removeTx.immediate(email.toLowerCase());
    },
    async restore(email) {
      return unblock.run(email.toLowerCase()).changes;
    },
  };
}
