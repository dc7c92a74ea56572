import type { Category, CreateCategoryInput, ListCategoriesQuery } from '@toolworks/contract/tools';
import { AppError } from '../../lib/app-error.js';
import type { Store } from '../../store/store.js';
import { searchCorrectionFor, toFilter } from '../tools/index.js';

const anyFound = (counts: Category[]) => counts.some((category) => category.count > 0);

export function createCategoriesService(
  store: Pick<Store, 'categories' | 'tools' | 'catalogueVersion'>,
) {
  const { correct } = searchCorrectionFor(store);
  return {
    /**
     * Every category by name, with how many tools match the search and filters in each. A search
     * that finds nothing is corrected as GET /tools corrects it (unless `exact`), so the counts
     * are those of the tools listed: the corrected search's, or only the category listed instead.
     */
    async list(query: ListCategoriesQuery): Promise<Category[]> {
      const filter = toFilter(query);
      const counts = await store.categories.listWithCounts(filter);
      if (!filter.search || query.exact === 'true' || anyFound(counts)) return counts;
      const fix = await correct(filter.search);
      if (fix.search) {
        const corrected = await store.categories.listWithCounts({ ...filter, search: fix.search });
        if (anyFound(corrected)) return corrected;
      }
      const listed = fix.category?.slug;
      if (listed === undefined) return counts;
      const all = await store.categories.listWithCounts({ ...filter, search: undefined });
      return all.map((category) =>
        category.slug === listed ? category : { ...category, count: 0 },
      );
    },

    async create(input: CreateCategoryInput): Promise<Category> {
      const created = await store.categories.create(input);
      if (created === 'DUPLICATE')
        throw AppError.conflict('A category with this name or slug exists already');
      return { ...created, count: 0 };
    },
  };
}
