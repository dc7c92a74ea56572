import type { Order } from '@toolworks/contract/orders';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';

export interface MarkOrderPaidInput {
  orderId: string;
  transactionId: string;
}

/** PATCH /order/{id} with the spec's body; the server checks the payment with the gateway. */
export function markOrderPaid({ orderId, transactionId }: MarkOrderPaidInput) {
  return api.patch<Order>(`/order/${encodeURIComponent(orderId)}`, {
    order: orderId,
    transactionId,
  });
}

export function useMarkOrderPaid() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: markOrderPaid,
    onSuccess: (order) => queryClient.setQueryData(queryKeys.orders.detail(order._id), order),
    // My Orders must show the order paid, with both buttons disabled.
    onSettled: () => queryClient.invalidateQueries({ queryKey: queryKeys.orders.all }),
  });
}
