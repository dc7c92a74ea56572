import type { Review } from '@toolworks/contract/reviews';
import { useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';

export function getToolReviews(id: string, signal?: AbortSignal) {
  return api.get<Review[]>(`/tool/${encodeURIComponent(id)}/reviews`, { signal });
}

export function useToolReviews(id: string) {
  return useQuery({
    queryKey: queryKeys.reviews.tool(id),
    queryFn: ({ signal }) => getToolReviews(id, signal),
  });
}
