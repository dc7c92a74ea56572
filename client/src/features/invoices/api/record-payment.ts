import type { RecordPaymentInput, TermsInvoice } from '@toolworks/contract/invoices';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';

export function recordPayment(number: string, body: RecordPaymentInput) {
  return api.post<TermsInvoice>(`/invoices/${encodeURIComponent(number)}/payments`, body);
}

export function useRecordPayment() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ number, body }: { number: string; body: RecordPaymentInput }) =>
      recordPayment(number, body),
    // The invoice's state, and its order's (paid once the balance is zero), have moved.
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: queryKeys.invoices.all });
      void queryClient.invalidateQueries({ queryKey: queryKeys.orders.all });
    },
  });
}
