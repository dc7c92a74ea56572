import type { CreateReviewInput, Review } from '@toolworks/contract/reviews';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';

export function createReview(body: CreateReviewInput) {
  return api.post<Review>('/addReview', body);
}

export function useCreateReview() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createReview,
    // The home page's Reviews section shows the new review the next time it is seen; a tool
    // review also changes that tool's page and rating.
    onSuccess: async (review) => {
      await queryClient.invalidateQueries({ queryKey: queryKeys.reviews.list });
      if (review.toolId) {
        void queryClient.invalidateQueries({ queryKey: queryKeys.reviews.tool(review.toolId) });
        void queryClient.invalidateQueries({ queryKey: queryKeys.tools.all });
      }
    },
  });
}
