import type { CheckoutInput } from '@toolworks/contract/cart';
import type { Order } from '@toolworks/contract/orders';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

export function checkout(body: CheckoutInput) {
  return api.post<Order>('/checkout', body);
}

export function useCheckout() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: checkout,
    // Placed or refused, the cart, the stock and the order lists may all have moved.
    onSettled: () => {
      void queryClient.invalidateQueries({ queryKey: ['cart'] });
      void queryClient.invalidateQueries({ queryKey: ['tools'] });
      void queryClient.invalidateQueries({ queryKey: ['orders'] });
    },
  });
}
