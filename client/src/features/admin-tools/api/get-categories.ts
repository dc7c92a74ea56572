import type { Category } from '@toolworks/contract/tools';
import { useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

export function useCategoryOptions() {
  return useQuery({
    queryKey: ['categories', {}],
    queryFn: ({ signal }) => api.get<Category[]>('/categories', { signal }),
  });
}
