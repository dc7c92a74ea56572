import type { AdminReview } from '@toolworks/contract/reviews';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';

export function setReviewHidden({ id, hidden }: { id: string; hidden: boolean }) {
  return api.patch<AdminReview>(`/review/${encodeURIComponent(id)}`, { hidden });
}

export function useSetReviewHidden() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: setReviewHidden,
    onSuccess: (changed) => {
      queryClient.setQueryData<AdminReview[]>(queryKeys.reviews.moderation, (list) =>
        list?.map((review) => (review._id === changed._id ? { ...review, ...changed } : review)),
      );
      // Public lists and the tools' ratings change with it.
      void queryClient.invalidateQueries({ queryKey: queryKeys.reviews.all, refetchType: 'none' });
      void queryClient.invalidateQueries({ queryKey: queryKeys.tools.all });
    },
  });
}
