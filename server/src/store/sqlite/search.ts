import type Database from 'better-sqlite3';
import { searchTerms } from '../search-terms.js';

/** Whether any tool's `sku_search` starts with the prefix. */
export type SkuPrefixProbe = (prefix: string) => boolean;

/**
 * Turns user input into a safe text filter (the rule is `store/search-terms.ts`). The trigram
 * FTS index answers words of three characters or more, and SKU prefixes (migration 031); a
 * shorter word is checked with LIKE on the case-folded name and the description of the rows the
 * index found, or of every row when no word is long enough.
 */
export interface TextFilter {
  /** An FTS5 query over tools_fts, when any word is long enough for the trigram index. */
  match?: string;
  /** `%word%` patterns for `LIKE ? ESCAPE '\'`, each to be found in the name or description. */
  likes: string[];
}

const TRIGRAM = 3;

export function textFilter(
  search: string | undefined,
  skuKnown: SkuPrefixProbe = () => true,
): TextFilter {
  const terms = searchTerms(search);
  const { words } = terms;
  // The SKU alternative made the index read the SKUs' trigrams too (a page of "grinder" in
  // 100,000 tools: 1.4 ms instead of 0.5): it is asked only when some SKU starts so.
  const skuPrefix =
    terms.skuPrefix !== undefined && skuKnown(terms.skuPrefix) ? terms.skuPrefix : undefined;
  const indexed = words.filter((word) => [...word].length >= TRIGRAM);
  const likes = words
    .filter((word) => [...word].length < TRIGRAM)
    .map((word) => `%${escapeLike(word)}%`);
  if (!indexed.length) return { likes };
  const text = indexed.map((word) => `{name description}: ${ftsPhrase(word)}`).join(' AND ');
  // `^` anchors the phrase at the column's first trigram: a prefix, not any substring.
  const match = skuPrefix ? `(${text}) OR sku_search: ^${ftsPhrase(skuPrefix)}` : text;
  return { match, likes };
}

/** One FTS5 phrase: inside double quotes every character is literal except `"`, doubled. */
export function ftsPhrase(text: string): string {
  return `"${text.replaceAll('"', '""')}"`;
}

/** For `LIKE ? ESCAPE '\'`. */
export function escapeLike(text: string): string {
  return text.replace(/[\\%_]/g, (c) => `\\${c}`);
}

export function foldName(name: string): string {
  return name.toLowerCase();
}

/**
 * The probe on the index of `sku_search` (migration 031): SKUs are lower-case letters and digits
 * there, so every one that starts with `prefix` sorts before `prefix` followed by "{".
 */
export function skuPrefixProbe(db: Database.Database): SkuPrefixProbe {
  const probe = db
    .prepare('SELECT 1 FROM tools WHERE sku_search >= ? AND sku_search < ? LIMIT 1')
    .pluck();
  return (prefix) => probe.get(prefix, `${prefix}{`) !== undefined;
}
