import type { BatchReceipt, ReceiveBatchInput } from '@toolworks/contract/shipments';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';

/** Receives an incoming batch (issue 53): what arrived serves the orders promised it first. */
export function receiveBatch({ id, ...input }: ReceiveBatchInput & { id: string }) {
  return api.post<BatchReceipt>(`/tool/${encodeURIComponent(id)}/batches/receive`, input);
}

export function useReceiveBatch() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: receiveBatch,
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: queryKeys.tools.all });
      void queryClient.invalidateQueries({ queryKey: queryKeys.orders.all });
    },
  });
}
