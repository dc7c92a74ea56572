import type { PaymentIntentResponse } from '@toolworks/contract/payments';
import { useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';

export function createPaymentIntent(orderId: string, signal?: AbortSignal) {
  return api.post<PaymentIntentResponse>('/create-payment-intent', { orderId }, { signal });
}

/**
 * A POST, but the server answers the same intent for the same order every time, so it is safe to
 * hold as a query: fetched once per visit, never refetched behind the payer's back.
 */
export function usePaymentIntent(orderId: string, enabled: boolean) {
  return useQuery({
    queryKey: queryKeys.payments.intent(orderId),
    queryFn: ({ signal }) => createPaymentIntent(orderId, signal),
    enabled,
    staleTime: Infinity,
    gcTime: 0,
    retry: false,
  });
}
