/** One schema step, applied in order by migrate.ts; listed in index.ts. */
export interface Migration {
  /** Strictly increasing; a released migration is never edited, only followed by a new one. */
  version: number;
  name: string;
  sql: string;
}
