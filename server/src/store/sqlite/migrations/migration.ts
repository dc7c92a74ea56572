/** One schema step, applied in order by migrate.ts; listed in index.ts. */
export interface Migration {
  /** Strictly increasing; a released migration is never edited, only followed by a new one. */
  version: number;
  name: string;
  sql: string;
  /**
   * The SQL edits `sqlite_schema` (PRAGMA writable_schema), which better-sqlite3's defensive
   * mode forbids: lifted for this migration only.
   */
  editsSchema?: true;
}
