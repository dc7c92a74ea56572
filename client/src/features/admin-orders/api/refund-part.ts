import type { CreateRefundInput, OrderRefunds, Refund } from '@toolworks/contract/returns';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';

/** What was paid, given back and is left, with the refunds and credit notes so far. */
export function useOrderRefundsForAdmin(orderId: string | undefined) {
  return useQuery({
    queryKey: queryKeys.refunds.ofOrder(orderId ?? ''),
    queryFn: () => api.get<OrderRefunds>(`/order/${encodeURIComponent(orderId!)}/refunds`),
    enabled: !!orderId,
  });
}

export type RefundAnswer = OrderRefunds & { refund: Refund; status: string };

/** POST /order/{id}/refunds; the key makes a retried click the same refund. */
export function refundPart(id: string, body: CreateRefundInput, idempotencyKey: string) {
  return api.post<RefundAnswer>(`/order/${encodeURIComponent(id)}/refunds`, body, {
    headers: { 'Idempotency-Key': idempotencyKey },
  });
}

export function useRefundPart() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, body, key }: { id: string; body: CreateRefundInput; key: string }) =>
      refundPart(id, body, key),
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: queryKeys.refunds.all });
      void queryClient.invalidateQueries({ queryKey: queryKeys.orders.all });
      void queryClient.invalidateQueries({ queryKey: queryKeys.invoices.all });
      void queryClient.invalidateQueries({ queryKey: queryKeys.tools.all });
    },
  });
}
