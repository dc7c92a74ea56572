import type { CheckoutInput } from '@toolworks/contract/cart';
import type { Order } from '@toolworks/contract/orders';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';

export function checkout(body: CheckoutInput) {
  return api.post<Order>('/checkout', body);
}

export function useCheckout() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: checkout,
    // Placed or refused, the cart, the stock and the order lists may all have moved.
    onSettled: () => {
      void queryClient.invalidateQueries({ queryKey: queryKeys.cart.all });
      void queryClient.invalidateQueries({ queryKey: queryKeys.tools.all });
      void queryClient.invalidateQueries({ queryKey: queryKeys.orders.all });
    },
  });
}
