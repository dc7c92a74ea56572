import type { InvoiceCardPayment, TermsInvoice } from '@toolworks/contract/invoices';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';

const path = (number: string) => `/invoices/${encodeURIComponent(number)}/card-payment`;

/**
 * The card payment of an invoice's balance. A POST, but the server answers the same intent for
 * the same invoice and balance, so it is held as a query: fetched once per opening of the form.
 */
export function useInvoiceCardIntent(number: string) {
  return useQuery({
    queryKey: queryKeys.payments.invoiceIntent(number),
    queryFn: ({ signal }) => api.post<InvoiceCardPayment>(path(number), undefined, { signal }),
    staleTime: Infinity,
    gcTime: 0,
    retry: false,
  });
}

/** Tells the server the card payment went through; it checks it with the gateway. */
export function useConfirmInvoiceCardPayment() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ number, transactionId }: { number: string; transactionId: string }) =>
      api.post<TermsInvoice>(`${path(number)}/confirm`, { transactionId }),
    // Every view of invoices (a company's list, an order's invoice) and the order, now paid.
    onSettled: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: queryKeys.invoices.all }),
        queryClient.invalidateQueries({ queryKey: queryKeys.orders.all }),
      ]),
  });
}
