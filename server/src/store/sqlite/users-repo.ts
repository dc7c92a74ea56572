import type Database from 'better-sqlite3';
import type { UserRecord, UsersRepo } from '../store.js';
import { newObjectId } from '../object-id.js';

interface UserRow {
  id: string;
  email: string;
  name: string | null;
  role: 'admin' | null;
  created_at: string;
}

function toUserRecord(row: UserRow): UserRecord {
  return {
    _id: row.id,
    email: row.email,
    ...(row.name !== null && { name: row.name }),
    ...(row.role !== null && { role: row.role }),
    createdAt: row.created_at,
  };
}

export function sqliteUsersRepo(db: Database.Database): UsersRepo {
  // The role column is deliberately absent from the upsert: signing in never grants or drops it.
  const upsert = db.prepare(`INSERT INTO users (id, email, name, created_at) VALUES (?, ?, ?, ?)
    ON CONFLICT (email) DO UPDATE SET name = coalesce(excluded.name, users.name)
    RETURNING *`);
  const byEmail = db.prepare('SELECT * FROM users WHERE email = ?');
  const listAll = db.prepare('SELECT * FROM users ORDER BY id');
  const promote = db.prepare(
    "UPDATE users SET role = 'admin' WHERE email = ? AND role IS NOT 'admin'",
  );
  const removeUser = db.prepare('DELETE FROM users WHERE email = ?');
  const removeProfile = db.prepare('DELETE FROM profiles WHERE email = ?');

  const deleteTx = db.transaction((email: string) => {
    removeProfile.run(email);
    return removeUser.run(email).changes;
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
    async getByEmail(email) {
      const row = byEmail.get(email.toLowerCase()) as UserRow | undefined;
      return row ? toUserRecord(row) : null;
    },
    async list() {
      return (listAll.all() as UserRow[]).map(toUserRecord);
    },
    async makeAdmin(email) {
      return promote.run(email.toLowerCase()).changes;
    },
    async delete(email) {
      return deleteTx(email.toLowerCase());
    },
  };
}
