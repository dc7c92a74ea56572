import type { InvoiceState, TermsInvoice } from '@toolworks/contract/invoices';
import { useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';

/** The shop admin's invoices on terms, all or in one state. */
export function useInvoices(state: InvoiceState | 'all') {
  return useQuery({
    queryKey: queryKeys.invoices.list(state),
    queryFn: () =>
      api.get<TermsInvoice[]>('/invoices', state === 'all' ? undefined : { query: { state } }),
  });
}

/** A company-admin's own company's invoices on terms. */
export function useCompanyInvoices(enabled: boolean) {
  return useQuery({
    queryKey: queryKeys.invoices.mine,
    queryFn: () => api.get<TermsInvoice[]>('/company/invoices'),
    enabled,
  });
}

/** The invoice of an order placed on payment terms (its buyer's view: due date and balance). */
export function useOrderTermsInvoice(orderId: string) {
  return useQuery({
    queryKey: queryKeys.invoices.ofOrder(orderId),
    queryFn: () => api.get<TermsInvoice>(`/order/${encodeURIComponent(orderId)}/terms-invoice`),
  });
}
