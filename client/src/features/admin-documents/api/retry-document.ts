import type {
  FailedDocumentWire,
  RetryFailedDocumentResult,
} from '@toolworks/contract/failed-documents';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';

export function retryDocument(orderId: string) {
  return api.post<RetryFailedDocumentResult>(
    `/admin/failed-documents/${encodeURIComponent(orderId)}/retry`,
  );
}

export function useRetryDocument() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: retryDocument,
    onSuccess: (_issued, orderId) => {
      // Issued, so no longer failed: the order's documents leave the list at once.
      queryClient.setQueryData<FailedDocumentWire[]>(queryKeys.failedDocuments.all, (list) =>
        list?.filter((d) => d.orderId !== orderId),
      );
    },
    // A retry that failed again has new errors and attempts to show.
    onError: () => queryClient.invalidateQueries({ queryKey: queryKeys.failedDocuments.all }),
  });
}
