import type { ToolFilter, ToolListQuery, ToolSortKey } from '../store.js';
import { textFilter, type SkuPrefixProbe } from './search.js';

export const TOOL_COLUMNS = `t.id, t.name, t.img, t.price_cents, t.description,
  t.available_quantity, t.minimum_order_quantity, t.category, t.specs, t.datasheet_url,
  t.rating_sum, t.rating_count, t.price_tiers, t.created_at, t.updated_at, t.sku, t.images,
  t.lead_time_days, t.allow_backorders, t.incoming_stock, t.unit, t.pack_size, t.order_multiple,
  t.price_basis, t.tax_class`;

/**
 * A page's rows as one JSON array each, the columns in `TOOL_COLUMNS` order. better-sqlite3 builds
 * a row object through one V8 API call per column, which made reading 24 rows of 15 columns most
 * of an uncached page's time (130 µs of CPU here); one string per row parsed with JSON.parse costs
 * a third of that. SQLite building that string from 20 columns on every read was then most of
 * what was left (35 µs for 24 rows), so triggers keep it made in `list_json` at every write to the
 * row (migration 025): 14 µs (docs/performance.md). Every read of a whole tool on SQLite reads it
 * (by id, by SKU, in a cart, the low-stock list): 2 µs against 7 µs for the 20 columns as a row
 * object. `tool-list-json.test.ts` checks that it is always `json_array(TOOL_COLUMNS)`: a change
 * to these columns needs a migration for the triggers.
 */
export const TOOL_JSON_ROW = 't.list_json';

/**
 * The name of a row's `list_json` text, `id:list_rev`: the triggers move `list_rev` with every
 * new text (migration 026), and ids are never reused, so one name is one text for good.
 */
export const TOOL_JSON_KEY = "t.id || ':' || t.list_rev";

/**
 * Each sort ends in the rowid (seq), which every index carries last: pages are stable under ties,
 * and with an equality on the leading index columns (category, in_stock) the rows come out of
 * the index already in order, so a page stops after `limit` rows (see migration 004).
 */
const ORDER: Record<ToolSortKey, string> = {
  newest: 't.seq DESC',
  price_asc: 't.price_cents ASC, t.seq ASC',
  price_desc: 't.price_cents DESC, t.seq DESC',
  name: 't.name_folded ASC, t.seq ASC',
};
// With a search the FTS index drives, yielding matches in rowid order.
const ORDER_FTS_NEWEST = 'f.rowid DESC';

export interface ToolListSql {
  /** The page's rows as `TOOL_JSON_ROW` text. */
  list: string;
  /** The page's rows' `TOOL_JSON_KEY` names only. */
  keys: string;
  /** The page's rows as [`TOOL_JSON_KEY`, `TOOL_JSON_ROW`] (read raw). */
  keyed: string;
  count: string;
  /** Parameters of the WHERE clause, for both; `list` takes limit and offset after them. */
  params: (string | number)[];
}

function where(
  filter: ToolFilter,
  skuKnown?: SkuPrefixProbe,
): {
  from: string;
  clauses: string[];
  params: (string | number)[];
} {
  const clauses: string[] = [];
  const params: (string | number)[] = [];
  let from = 'tools t';
  const text = textFilter(filter.search, skuKnown);
  if (text.match !== undefined) {
    from = 'tools_fts f JOIN tools t ON t.seq = f.rowid';
    clauses.push('tools_fts MATCH ?');
    params.push(text.match);
  }
  // Words under three characters: below the trigram index; LIKE is case-insensitive for ASCII.
  for (const pattern of text.likes) {
    clauses.push("(t.name_folded LIKE ? ESCAPE '\\' OR t.description LIKE ? ESCAPE '\\')");
    params.push(pattern, pattern);
  }
  if (filter.category !== undefined) {
    clauses.push('t.category = ?');
    params.push(filter.category);
  }
  if (filter.inStock) clauses.push('t.in_stock = 1');
  if (filter.minPriceCents !== undefined) {
    clauses.push('t.price_cents >= ?');
    params.push(filter.minPriceCents);
  }
  if (filter.maxPriceCents !== undefined) {
    clauses.push('t.price_cents <= ?');
    params.push(filter.maxPriceCents);
  }
  return { from, clauses, params };
}

const whereSql = (clauses: string[]) => (clauses.length ? `WHERE ${clauses.join(' AND ')}` : '');

/** Exported so a test can check every combination's query plan. */
export function toolListSql(
  query: Omit<ToolListQuery, 'offset' | 'limit'>,
  skuKnown?: SkuPrefixProbe,
): ToolListSql {
  const { from, clauses, params } = where(query, skuKnown);
  const sort = query.sort ?? 'newest';
  const order = from.startsWith('tools_fts') && sort === 'newest' ? ORDER_FTS_NEWEST : ORDER[sort];
  const rows = `FROM ${from} ${whereSql(clauses)} ORDER BY ${order} LIMIT ? OFFSET ?`;
  return {
    list: `SELECT ${TOOL_JSON_ROW} ${rows}`,
    keys: `SELECT ${TOOL_JSON_KEY} ${rows}`,
    keyed: `SELECT ${TOOL_JSON_KEY}, ${TOOL_JSON_ROW} ${rows}`,
    count: `SELECT count(*) FROM ${from} ${whereSql(clauses)}`,
    params,
  };
}

/** Tools per category under the filter (its category ignored), every category listed. */
export function categoryCountSql(
  filter: ToolFilter,
  skuKnown?: SkuPrefixProbe,
): { sql: string; params: (string | number)[] } {
  const { from, clauses, params } = where({ ...filter, category: undefined }, skuKnown);
  return {
    sql: `SELECT c.slug, c.name, coalesce(n.count, 0) AS count FROM categories c
      LEFT JOIN (SELECT t.category, count(*) AS count FROM ${from} ${whereSql(clauses)}
        GROUP BY t.category) n ON n.category = c.slug
      ORDER BY c.name_folded`,
    params,
  };
}
