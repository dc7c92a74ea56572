import type { CategoryCount, Store } from '../../store/store.js';
import {
  buildVocabulary,
  correctSearch,
  editDistance,
  words,
  type Vocabulary,
} from './typo-tolerance.js';

type CatalogueStore = Pick<Store, 'tools' | 'categories' | 'catalogueVersion'>;

/** What a search that found nothing is retried as: corrected words, or a category's tools. */
export interface SearchCorrection {
  /** The search with its misspelt words replaced ("drils" -> "drill"), when that changes it. */
  search?: string;
  /** A category with tools whose name is near the search ("hamers" -> Hammers). */
  category?: CategoryCount;
}

/** A category matches when its name holds the search, or each searched word is near one of its words. */
export function categoryMatches(category: CategoryCount, search: string): boolean {
  const name = category.name.toLowerCase();
  if (name.includes(search.toLowerCase())) return true;
  const typed = words(search);
  const own = words(category.name);
  return (
    typed.length > 0 &&
    typed.every(
      (word) =>
        word.length >= 3 && own.some((w) => w.startsWith(word) || editDistance(word, w, 1) <= 1),
    )
  );
}

/** A value computed at most once per catalogue version, on first use. */
function perVersion<T>(store: Pick<Store, 'catalogueVersion'>, compute: () => Promise<T>) {
  let version = -1;
  let value: Promise<T> | undefined;
  return () => {
    const now = store.catalogueVersion();
    if (!value || version !== now) {
      version = now;
      value = compute();
      // A failed read is not remembered.
      value.catch(() => {
        if (version === now) value = undefined;
      });
    }
    return value;
  };
}

function createSearchCorrection(store: CatalogueStore) {
  // Read only when a search finds nothing, or for suggestions: the names of 10,000 tools and
  // their vocabulary take milliseconds, once per catalogue version (docs/performance.md).
  const categories = perVersion(store, () => store.categories.listWithCounts({}));
  const vocabulary = perVersion(store, async (): Promise<Vocabulary> => {
    const [names, listed] = await Promise.all([store.tools.names(), categories()]);
    return buildVocabulary([...names, ...listed.filter((c) => c.count > 0).map((c) => c.name)]);
  });
  /** The search with its misspelt words replaced, when that changes anything. */
  const corrected = async (search: string | undefined) =>
    search ? correctSearch(search, await vocabulary()) : undefined;

  return {
    categories,
    corrected,
    /** Both retries for a search that found nothing; the caller tries them in this order. */
    correct: async (typed: string): Promise<SearchCorrection> => {
      const search = await corrected(typed);
      // "hammers" or "hamers" when the tools are named "Claw Hammer": the category's tools.
      const category = (await categories()).find(
        (c) =>
          c.count > 0 &&
          (categoryMatches(c, typed) || (search ? categoryMatches(c, search) : false)),
      );
      return { ...(search ? { search } : {}), ...(category ? { category } : {}) };
    },
  };
}

export type SearchCorrector = ReturnType<typeof createSearchCorrection>;

const correctors = new WeakMap<CatalogueStore, SearchCorrector>();

/**
 * One per store, so the tool list and the category counts (modules/categories) correct a search
 * alike, from one vocabulary in memory.
 */
export function searchCorrectionFor(store: CatalogueStore): SearchCorrector {
  let corrector = correctors.get(store);
  if (!corrector) {
    corrector = createSearchCorrection(store);
    correctors.set(store, corrector);
  }
  return corrector;
}
