import type { PaymentConfig } from '@toolworks/contract/payments';
import { useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';

export function getPaymentConfig(signal?: AbortSignal) {
  return api.get<PaymentConfig>('/payments/config', { signal });
}

// The gateway does not change while the page is open.
export function usePaymentConfig() {
  return useQuery({
    queryKey: queryKeys.payments.config,
    queryFn: ({ signal }) => getPaymentConfig(signal),
    staleTime: Infinity,
  });
}
