import type { CreateOrderInput, Order } from '@toolworks/contract/orders';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { useIdempotencyKey } from '@/lib/idempotency-key';
import { queryKeys } from '@/lib/query-keys';

/**
 * The spec's payload for POST /addOrderItem. The server keeps only what `CreateOrderInput`
 * names and recomputes the rest (name and price from the tool, the email from the token,
 * unpaid and not cancelled), so these extra fields are informational.
 */
export type AddOrderItemBody = CreateOrderInput & {
  name: string;
  price: number;
  userEmail: string;
  isPaid: false;
  iscancelled: false;
};

export function placeOrder(body: AddOrderItemBody, headers?: Record<string, string>) {
  return api.post<Order>('/addOrderItem', body, headers && { headers });
}

export function usePlaceOrder() {
  const queryClient = useQueryClient();
  const key = useIdempotencyKey();
  return useMutation({
    mutationFn: (body: AddOrderItemBody) => placeOrder(body, key.headers()),
    onSuccess: key.placed,
    // Success or failure, the stock has likely moved (ours, or someone else's order that beat
    // us), so the tool's availability is fetched again either way.
    onSettled: () => {
      void queryClient.invalidateQueries({ queryKey: queryKeys.tools.all });
      void queryClient.invalidateQueries({ queryKey: queryKeys.orders.all });
    },
  });
}
