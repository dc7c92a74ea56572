import type { DeleteOrderResponse, Order } from '@contract/orders';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { myOrdersQueryKey } from './get-my-orders';

export function cancelOrder(orderId: string) {
  return api.delete<DeleteOrderResponse>(`/order/${encodeURIComponent(orderId)}`);
}

export function useCancelOrder(email: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: cancelOrder,
    onSuccess: (result, orderId) => {
      // As the spec: a deletedCount above 0 takes the order off the list at once.
      if (result.deletedCount > 0) {
        queryClient.setQueryData<Order[]>(myOrdersQueryKey(email), (orders) =>
          orders?.filter((order) => order._id !== orderId),
        );
      }
    },
    // The cancelled quantity is back in stock, and a refused cancel means the list is stale.
    onSettled: () => {
      void queryClient.invalidateQueries({ queryKey: ['orders'] });
      void queryClient.invalidateQueries({ queryKey: ['tools'] });
    },
  });
}
