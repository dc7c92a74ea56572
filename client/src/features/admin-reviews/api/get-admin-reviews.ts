import type { AdminReview } from '@toolworks/contract/reviews';
import { useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

export const adminReviewsQueryKey = ['reviews', 'admin'] as const;

export function getAdminReviews(signal?: AbortSignal) {
  return api.get<AdminReview[]>('/reviews', { signal });
}

export function useAdminReviews() {
  return useQuery({
    queryKey: adminReviewsQueryKey,
    queryFn: ({ signal }) => getAdminReviews(signal),
  });
}
