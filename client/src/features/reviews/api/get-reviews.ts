import type { Review } from '@toolworks/contract/reviews';
import { useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';

export function getReviews(signal?: AbortSignal) {
  return api.get<Review[]>('/allReviews', { signal });
}

export function useReviews() {
  return useQuery({
    queryKey: queryKeys.reviews.list,
    queryFn: ({ signal }) => getReviews(signal),
  });
}
