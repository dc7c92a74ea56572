/**
 * Typo tolerance for the catalogue search: when a search finds nothing, each word of it is
 * replaced by the nearest word of the catalogue's vocabulary (tool names and category names)
 * within a small edit distance, so "drils" searches "drill" and "hamer" searches "hammer".
 * Pure: the service builds the vocabulary once per catalogue version (see tools.service.ts).
 */

const WORD = /[\p{L}\p{N}]+/gu;
const LETTER = /\p{L}/u;

export const words = (text: string): string[] => text.toLowerCase().match(WORD) ?? [];

/** Shorter words are left as typed: one edit turns "saw" into too many other words. */
const MIN_WORD = 3;

/** One edit up to five letters, two beyond: "hamer" -> "hammer", "screwdiver" -> "screwdriver". */
export const allowedEdits = (word: string) =>
  word.length < MIN_WORD ? 0 : word.length <= 5 ? 1 : 2;

/**
 * Optimal string alignment distance (Levenshtein plus adjacent swaps, "dirll" -> "drill"),
 * giving up with `max + 1` as soon as every alignment is over `max`.
 */
export function editDistance(a: string, b: string, max: number): number {
  if (Math.abs(a.length - b.length) > max) return max + 1;
  let before = new Array<number>(b.length + 1).fill(0);
  let previous = Array.from({ length: b.length + 1 }, (_, j) => j);
  for (let i = 1; i <= a.length; i++) {
    const current = [i];
    let rowMin = i;
    for (let j = 1; j <= b.length; j++) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      let value = Math.min(previous[j]! + 1, current[j - 1]! + 1, previous[j - 1]! + cost);
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1])
        value = Math.min(value, before[j - 2]! + 1);
      current.push(value);
      rowMin = Math.min(rowMin, value);
    }
    if (rowMin > max) return max + 1;
    before = previous;
    previous = current;
  }
  return previous[b.length]!;
}

export interface Vocabulary {
  /** Every distinct word, grouped by length so a lookup only reads words that could be near. */
  byLength: Map<number, string[]>;
  all: Set<string>;
}

export function buildVocabulary(texts: Iterable<string>): Vocabulary {
  const all = new Set<string>();
  // Model numbers ("9996"; "x200" is kept) are not what a misspelt name is near.
  for (const text of texts)
    for (const word of words(text)) if (word.length >= MIN_WORD && LETTER.test(word)) all.add(word);
  const byLength = new Map<number, string[]>();
  for (const word of all) {
    const list = byLength.get(word.length) ?? [];
    list.push(word);
    byLength.set(word.length, list);
  }
  return { byLength, all };
}

/**
 * The nearest vocabulary word, or undefined when none is close enough or the word is part of a
 * known word already ("dril" in "drill": the substring search finds those).
 */
export function nearestWord(word: string, vocabulary: Vocabulary): string | undefined {
  const max = allowedEdits(word);
  if (max === 0) return undefined;
  for (const known of vocabulary.all) if (known.includes(word)) return undefined;
  let best: string | undefined;
  let bestDistance = max + 1;
  // Nearest length first, and only a strictly nearer word replaces one found: of "drill" and
  // "drills", both one edit from "drils", the same-length one wins.
  for (let delta = 0; delta <= max; delta++) {
    for (const length of delta === 0 ? [word.length] : [word.length + delta, word.length - delta]) {
      for (const candidate of vocabulary.byLength.get(length) ?? []) {
        const distance = editDistance(word, candidate, bestDistance - 1);
        if (distance < bestDistance) {
          best = candidate;
          bestDistance = distance;
        }
      }
    }
  }
  return best;
}

/**
 * The search with each unknown word replaced by its nearest known one, or undefined when nothing
 * changed (nothing to retry).
 */
export function correctSearch(search: string, vocabulary: Vocabulary): string | undefined {
  const typed = words(search);
  let changed = false;
  const corrected = typed.map((word) => {
    const near = nearestWord(word, vocabulary);
    if (near === undefined) return word;
    changed = true;
    return near;
  });
  return changed ? corrected.join(' ') : undefined;
}
