import type { Category } from '@toolworks/contract/tools';
import { useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';

export function useCategories() {
  return useQuery({
    queryKey: queryKeys.categories.list({}),
    queryFn: ({ signal }) => api.get<Category[]>('/categories', { signal }),
  });
}
