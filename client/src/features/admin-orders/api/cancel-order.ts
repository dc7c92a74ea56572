import type { DeleteOrderResponse } from '@toolworks/contract/orders';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';

/** DELETE /order/{id}: an admin may cancel any unpaid order; its stock returns. */
export function cancelOrder(orderId: string) {
  return api.delete<DeleteOrderResponse>(`/order/${encodeURIComponent(orderId)}`);
}

export function useAdminCancelOrder() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: cancelOrder,
    onSettled: () => {
      void queryClient.invalidateQueries({ queryKey: queryKeys.orders.all });
      void queryClient.invalidateQueries({ queryKey: queryKeys.tools.all });
    },
  });
}
