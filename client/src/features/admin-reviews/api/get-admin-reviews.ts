import type { AdminReview } from '@toolworks/contract/reviews';
import { useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';

export function getAdminReviews(signal?: AbortSignal) {
  return api.get<AdminReview[]>('/reviews', { signal });
}

export function useAdminReviews() {
  return useQuery({
    queryKey: queryKeys.reviews.moderation,
    queryFn: ({ signal }) => getAdminReviews(signal),
  });
}
