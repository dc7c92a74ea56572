import Database from 'better-sqlite3';

/**
 * Every table of a SQLite store file as one JSON string, rows ordered by primary key (rowid when
 * there is none), so two snapshots of an unchanged store compare equal byte for byte. Read through
 * a second, read-only connection: the store under test is not touched, and what it committed (WAL
 * included) is what is seen. FTS5's virtual table is left out; its shadow tables are dumped.
 * So is `rate_limits`: counting every request, malformed ones included, is its job (a flood of
 * bad requests must be throttled too), and it is not data a request could corrupt.
 */
const COUNTERS = new Set(['rate_limits']);

export function snapshotSqliteFile(file: string): string {
  const db = new Database(file, { readonly: true, fileMustExist: true });
  try {
    const tables = db
      .prepare(
        `SELECT name, sql FROM sqlite_master
         WHERE type = 'table' AND name NOT LIKE 'sqlite_%' ORDER BY name`,
      )
      .all() as { name: string; sql: string }[];
    const dump: Record<string, unknown[]> = {};
    for (const { name, sql } of tables) {
      if (/^CREATE VIRTUAL TABLE/i.test(sql) || COUNTERS.has(name)) continue;
      const quoted = `"${name.replaceAll('"', '""')}"`;
      const columns = db.prepare(`PRAGMA table_info(${quoted})`).all() as {
        name: string;
        pk: number;
      }[];
      const primaryKey = columns
        .filter((column) => column.pk > 0)
        .sort((a, b) => a.pk - b.pk)
        .map((column) => `"${column.name.replaceAll('"', '""')}"`);
      const withoutRowid = /WITHOUT\s+ROWID/i.test(sql);
      const order = primaryKey.length ? primaryKey.join(', ') : withoutRowid ? '1' : 'rowid';
      // Big integers stay exact; blobs (FTS5's index pages) become hex.
      dump[name] = db
        .prepare(`SELECT * FROM ${quoted} ORDER BY ${order}`)
        .safeIntegers(true)
        .raw(true)
        .all();
    }
    // A Buffer has already gone through its toJSON when the replacer sees it: read the holder.
    return JSON.stringify(dump, function (this: Record<string, unknown>, key, value: unknown) {
      const raw = this[key];
      if (Buffer.isBuffer(raw)) return `hex:${raw.toString('hex')}`;
      return typeof value === 'bigint' ? `${value}n` : value;
    });
  } finally {
    db.close();
  }
}
