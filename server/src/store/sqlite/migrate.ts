import type Database from 'better-sqlite3';
import { migrations as allMigrations } from './migrations/index.js';
import type { Migration } from './migrations/migration.js';

/**
 * Applies the migrations this file has not seen yet, each in its own transaction together with
 * its row in schema_migrations. IMMEDIATE takes the write lock before reading the version, so two
 * processes opening the same file cannot both apply a migration.
 */
export function migrate(
  db: Database.Database,
  migrations: readonly Migration[] = allMigrations,
): number[] {
  db.exec(`CREATE TABLE IF NOT EXISTS schema_migrations (
    version INTEGER PRIMARY KEY,
    name TEXT NOT NULL,
    applied_at TEXT NOT NULL
  ) STRICT`);
  const appliedVersions = db.prepare('SELECT version FROM schema_migrations').pluck();
  const record = db.prepare(
    'INSERT INTO schema_migrations (version, name, applied_at) VALUES (?, ?, ?)',
  );

  const applied: number[] = [];
  for (const migration of [...migrations].sort((a, b) => a.version - b.version)) {
    const apply = db.transaction(() => {
      const done = new Set(appliedVersions.all() as number[]);
      if (done.has(migration.version)) return;
      if (migration.editsSchema) {
        const version = db.pragma('schema_version', { simple: true }) as number;
        db.unsafeMode(true);
        try {
          db.exec(migration.sql);
          // Other connections to the file see the schema changed and re-read it.
          db.pragma(`schema_version = ${version + 1}`);
        } finally {
          db.unsafeMode(false);
        }
      } else db.exec(migration.sql);
      record.run(migration.version, migration.name, new Date().toISOString());
      db.pragma(`user_version = ${migration.version}`);
      applied.push(migration.version);
    });
    apply.immediate();
  }
  return applied;
}
