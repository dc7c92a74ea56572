import type { CheckoutInput } from '@toolworks/contract/cart';
import type { Order } from '@toolworks/contract/orders';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { useIdempotencyKey } from '@/lib/idempotency-key';
import { queryKeys } from '@/lib/query-keys';

export function checkout(body: CheckoutInput, headers?: Record<string, string>) {
  return api.post<Order>('/checkout', body, headers && { headers });
}

export function useCheckout() {
  const queryClient = useQueryClient();
  const key = useIdempotencyKey();
  return useMutation({
    mutationFn: (body: CheckoutInput) => checkout(body, key.headers()),
    onSuccess: key.placed,
    // Placed or refused, the cart, the stock and the order lists may all have moved.
    onSettled: () => {
      void queryClient.invalidateQueries({ queryKey: queryKeys.cart.all });
      void queryClient.invalidateQueries({ queryKey: queryKeys.tools.all });
      void queryClient.invalidateQueries({ queryKey: queryKeys.orders.all });
    },
  });
}
