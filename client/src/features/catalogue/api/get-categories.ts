import type { Category } from '@toolworks/contract/tools';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { toolsQuery, type ToolsParams } from './get-tools';
import { queryKeys } from '@/lib/query-keys';

/** The counts follow the search, in-stock and price filters (not the chosen category). */
export type CategoriesParams = Pick<
  ToolsParams,
  'search' | 'inStock' | 'minPrice' | 'maxPrice' | 'exact'
>;

export function getCategories(params: CategoriesParams, signal?: AbortSignal) {
  return api.get<Category[]>('/categories', { query: toolsQuery(params), signal });
}

export function useCategories(params: CategoriesParams = {}) {
  return useQuery({
    queryKey: queryKeys.categories.list(params),
    queryFn: ({ signal }) => getCategories(params, signal),
    placeholderData: keepPreviousData,
  });
}
