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

/** The same rule on one record, as the stores apply it. */
export function matchesSearch(
  tool: { name: string; description: string; sku: string },
  search: string | undefined,
): boolean {
  const { words, skuPrefix } = searchTerms(search);
  if (skuPrefix !== undefined && skuSearchKey(tool.sku).startsWith(skuPrefix)) return true;
  const name = tool.name.toLowerCase();
  const description = tool.description.toLowerCase();
  return words.every((word) => name.includes(word) || description.includes(word));
}
