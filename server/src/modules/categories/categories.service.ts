import type { Category, CreateCategoryInput, ListCategoriesQuery } from '@toolworks/contract/tools';
import { AppError } from '../../lib/app-error.js';
import type { Store } from '../../store/store.js';
import { toFilter } from '../tools/index.js';

export function createCategoriesService(store: Pick<Store, 'categories'>) {
  return {
    /** Every category by name, with how many tools match the search and filters in each. */
    async list(query: ListCategoriesQuery): Promise<Category[]> {
      return store.categories.listWithCounts(toFilter(query));
    },

    async create(input: CreateCategoryInput): Promise<Category> {
      const created = await store.categories.create(input);
      if (created === 'DUPLICATE')
        throw AppError.conflict('A category with this name or slug exists already');
      return { ...created, count: 0 };
    },
  };
}
