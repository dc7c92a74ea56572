import type { ReceiveReturnInput, Return, ReturnStatus } from '@toolworks/contract/returns';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';

export function useReturns(status: ReturnStatus | 'all') {
  return useQuery({
    queryKey: queryKeys.returns.list(status),
    queryFn: () =>
      api.get<Return[]>('/admin/returns', { query: status === 'all' ? {} : { status } }),
  });
}

export type ReturnStep =
  | { step: 'approve' }
  | { step: 'decline'; reason: string }
  | { step: 'receive'; lines: ReceiveReturnInput['lines'] }
  | { step: 'refund' };

export function returnStep(id: string, action: ReturnStep) {
  const { step, ...body } = action;
  return api.post<Return>(`/returns/${encodeURIComponent(id)}/${step}`, body, {
    ...(step === 'refund' && { headers: { 'Idempotency-Key': `return-${id}` } }),
  });
}

export function useReturnStep() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, action }: { id: string; action: ReturnStep }) => returnStep(id, action),
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: queryKeys.returns.all });
      void queryClient.invalidateQueries({ queryKey: queryKeys.refunds.all });
      void queryClient.invalidateQueries({ queryKey: queryKeys.tools.all });
      void queryClient.invalidateQueries({ queryKey: queryKeys.orders.all });
    },
  });
}
