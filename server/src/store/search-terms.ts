/**
 * What a catalogue search matches, for both adapters and for the service that places an exact
 * SKU first (issue 48). Pure.
 *
 * - Every word (split on spaces) must be in the name or the description, case-insensitively, in
 *   any order: "tape measure 25" finds "25 ft Tape Measure". A word matches anywhere in the text,
 *   so a word only begun ("meas") matches too.
 * - Or, for a one-word search, the SKU starts with it once both are reduced to their letters and
 *   digits in lower case ("PF-DRL" and "pfdrl" find PF-DRL-18). Under `SKU_PREFIX_MIN` characters
 *   this is left out: every SKU made for a tool without one starts with its category's first
 *   three letters ("POW-6745..."), so "pow" would list a whole category by its part numbers.
 */

export const SKU_PREFIX_MIN = 4;

export interface SearchTerms {
  /** Lower-cased, each to be found in the name or the description. */
  words: string[];
  /** The letters and digits of a one-word search, lower-cased, when long enough. */
  skuPrefix?: string;
}

/** A SKU as the search compares it: "PF-DRL-18" -> "pfdrl18" (SKUs are ASCII, contract/sku.ts). */
export const skuSearchKey = (text: string) => text.toLowerCase().replace(/[^a-z0-9]/g, '');

export function searchTerms(search: string | undefined): SearchTerms {
  const words = (search ?? '').toLowerCase().split(/\s+/).filter(Boolean);
  const key = words.length === 1 ? skuSearchKey(words[0]!) : '';
  return key.length >= SKU_PREFIX_MIN ? { words, skuPrefix: key } : { words };
}

/**
 * The name and the description lower-cased, one per line. A searched word holds no whitespace,
 * so it is in the name or the description exactly when it is in this text.
 */
export function searchText(tool: { name: string; description: string }): string {
  return `${tool.name.toLowerCase()}\n${tool.description.toLowerCase()}`;
}

/** The same rule on one record, as the stores apply it. */
export function matchesSearch(
  tool: { name: string; description: string; sku: string },
  search: string | undefined,
): boolean {
  const { words, skuPrefix } = searchTerms(search);
  if (skuPrefix !== undefined && skuSearchKey(tool.sku).startsWith(skuPrefix)) return true;
  const text = searchText(tool);
  return words.every((word) => text.includes(word));
}

/*
 * For a store with no substring index (MongoDB, issue 49): the rule above answered from an index
 * of keys. A word of the text contains the searched word exactly when one of its suffixes starts
 * with it, so the keys are every suffix of every word of `searchText`, cut to SEARCH_KEY_LENGTH
 * characters to bound their number and size (about one key per character, as a trigram index
 * holds). A searched word that long or shorter starts a key; a longer one's first
 * SEARCH_KEY_LENGTH characters are a whole key, and the text is checked for the rest.
 * Characters are code points, so a key never holds half of a surrogate pair.
 */

/** Long enough that a key narrows a search to few tools, short enough to keep the index small. */
export const SEARCH_KEY_LENGTH = 8;

/** The keys of a `searchText`, each once. */
export function searchKeys(text: string): string[] {
  const keys = new Set<string>();
  for (const word of text.split(/\s+/)) {
    const chars = [...word];
    for (let i = 0; i < chars.length; i++) keys.add(chars.slice(i, i + SEARCH_KEY_LENGTH).join(''));
  }
  return [...keys];
}

/** How the keys find one searched word (one of `searchTerms(...).words`). */
export type WordLookup =
  /** Some key starts with it. */
  | { keyPrefix: string }
  /** Some key is exactly `key`, and the `searchText` contains `inText`. */
  | { key: string; inText: string };

export function wordLookup(word: string): WordLookup {
  const chars = [...word];
  return chars.length <= SEARCH_KEY_LENGTH
    ? { keyPrefix: word }
    : { key: chars.slice(0, SEARCH_KEY_LENGTH).join(''), inText: word };
}
