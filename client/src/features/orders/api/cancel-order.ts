import type { DeleteOrderResponse, Order } from '@toolworks/contract/orders';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';

export function cancelOrder(orderId: string) {
  return api.delete<DeleteOrderResponse>(`/order/${encodeURIComponent(orderId)}`);
}

export function useCancelOrder(email: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: cancelOrder,
    onSuccess: (result, orderId) => {
      // A deletedCount above 0 (the spec's answer) means it is cancelled: the order now stays,
      // shown as cancelled, so the list changes at once without waiting for the refetch.
      if (result.deletedCount > 0) {
        queryClient.setQueryData<Order[]>(queryKeys.orders.mine(email), (orders) =>
          orders?.map((order) =>
            order._id === orderId
              ? { ...order, status: 'cancelled', iscancelled: true, expiresAt: undefined }
              : order,
          ),
        );
      }
    },
    // The cancelled quantity is back in stock, and a refused cancel means the list is stale.
    onSettled: () => {
      void queryClient.invalidateQueries({ queryKey: queryKeys.orders.all });
      void queryClient.invalidateQueries({ queryKey: queryKeys.tools.all });
    },
  });
}
