import type Database from 'better-sqlite3';
import type { OrderFilter } from '../store.js';
import { escapeLike } from './search.js';

/**
 * The WHERE clause of an admin's order filter. Only the given parts appear (no `? IS NULL OR`),
 * so the planner can use the status and date indexes. LIKE is case-insensitive for ASCII, which
 * is what emails, order numbers and the catalogue's names are written in. A search scans every
 * order: the lines' names and SKUs, the order's company and the companies in the buyers'
 * profiles are matched once each (`IN`, a list SQLite builds
 * before the scan) rather than looked up per order (`EXISTS`), which halved a search of 100,000
 * orders (140 → 70 ms for the page and its count; docs/performance.md).
 */
function whereOf(filter: OrderFilter): { sql: string; params: Record<string, string> } {
  const parts: string[] = [];
  const params: Record<string, string> = {};
  if (filter.status) {
    parts.push('status = @status');
    params.status = filter.status;
  }
  if (filter.placedFrom) {
    parts.push('created_at >= @placedFrom');
    params.placedFrom = filter.placedFrom;
  }
  if (filter.placedBefore) {
    parts.push('created_at < @placedBefore');
    params.placedBefore = filter.placedBefore;
  }
  const text = filter.search?.trim();
  if (text) {
    parts.push(`(('TW-' || number) LIKE @pattern ESCAPE '\\' OR user_email LIKE @pattern ESCAPE '\\'
      OR po_reference LIKE @pattern ESCAPE '\\'
      OR id IN (SELECT l.order_id FROM order_lines l
        WHERE l.name LIKE @pattern ESCAPE '\\' OR l.sku LIKE @pattern ESCAPE '\\')
      OR company_id IN (SELECT c.id FROM companies c WHERE c.name LIKE @pattern ESCAPE '\\')
      OR user_email IN (SELECT p.email FROM profiles p
        WHERE p.company_name LIKE @pattern ESCAPE '\\'))`);
    params.pattern = `%${escapeLike(text)}%`;
  }
  return { sql: parts.length ? `WHERE ${parts.join(' AND ')}` : '', params };
}

/** Newest-first pages and counts of a filter; statements are kept per shape of filter. */
export function orderFilterQueries(db: Database.Database) {
  const cache = new Map<
    string,
    { page: Database.Statement; count: Database.Statement; ids: Database.Statement }
  >();
  const statements = (where: string) => {
    let found = cache.get(where);
    if (!found) {
      found = {
        page: db.prepare(
          `SELECT * FROM orders ${where} ORDER BY id DESC LIMIT @limit OFFSET @offset`,
        ),
        count: db.prepare(`SELECT count(*) FROM orders ${where}`).pluck(),
        ids: db.prepare(`SELECT id FROM orders ${where} ORDER BY id DESC`).pluck(),
      };
      cache.set(where, found);
    }
    return found;
  };
  return {
    /** Rows and total in one read, so the count matches the page. */
    page: db.transaction((filter: OrderFilter, offset: number, limit: number) => {
      const { sql, params } = whereOf(filter);
      const { page, count } = statements(sql);
      return {
        rows: page.all({ ...params, limit, offset }),
        total: count.get(params) as number,
      };
    }),
    /** Every matching id in one statement, so one consistent read. */
    ids(filter: OrderFilter): string[] {
      const { sql, params } = whereOf(filter);
      return statements(sql).ids.all(params) as string[];
    },
  };
}
