import type { AdminOrder } from '@toolworks/contract/admin-orders';
import type { RefundOrderInput } from '@toolworks/contract/fulfilment';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { replaceOrderInLists } from './update-order-lists';
import { queryKeys } from '@/lib/query-keys';

export function refundOrder({ id, ...body }: RefundOrderInput & { id: string }) {
  return api.post<AdminOrder>(`/order/${encodeURIComponent(id)}/refund`, body);
}

export function useRefundOrder() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: refundOrder,
    onSuccess: (refunded) => {
      replaceOrderInLists(queryClient, refunded);
      // The refund may have put stock back on the shelf.
      void queryClient.invalidateQueries({ queryKey: queryKeys.tools.all });
    },
  });
}
