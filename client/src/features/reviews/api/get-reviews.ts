import type { Review } from '@toolworks/contract/reviews';
import { useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

export function getReviews(signal?: AbortSignal) {
  return api.get<Review[]>('/allReviews', { signal });
}

export const reviewsQueryKey = ['reviews', 'list'] as const;

export function useReviews() {
  return useQuery({ queryKey: reviewsQueryKey, queryFn: ({ signal }) => getReviews(signal) });
}
