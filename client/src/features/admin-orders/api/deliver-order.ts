import type { AdminOrder } from '@toolworks/contract/admin-orders';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { replaceOrderInLists } from './update-order-lists';

export function deliverOrder(id: string) {
  return api.patch<AdminOrder>(`/order/${encodeURIComponent(id)}/deliver`);
}

export function useDeliverOrder() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deliverOrder,
    onSuccess: (delivered) => replaceOrderInLists(queryClient, delivered),
  });
}
