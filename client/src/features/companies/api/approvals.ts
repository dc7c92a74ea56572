import type { Order, RejectOrderInput } from '@toolworks/contract/orders';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';

const enc = encodeURIComponent;

/** The company's orders awaiting approval (approvers and company-admins). */
export function useApprovals(enabled = true) {
  return useQuery({
    queryKey: queryKeys.companies.approvals,
    queryFn: () => api.get<Order[]>('/company/approvals'),
    enabled,
  });
}

/** Every order of the company, with its buyer (approvers and company-admins). */
export function useCompanyOrders(enabled = true) {
  return useQuery({
    queryKey: queryKeys.companies.orders,
    queryFn: () => api.get<Order[]>('/company/orders'),
    enabled,
  });
}

/** Approve, or reject with a reason; either refreshes every order view (they live under orders). */
export function useDecideOrder() {
  const queryClient = useQueryClient();
  const refresh = () => {
    void queryClient.invalidateQueries({ queryKey: queryKeys.orders.all });
    // An order placed on invoice is confirmed by its approval: its invoice is new.
    void queryClient.invalidateQueries({ queryKey: queryKeys.invoices.all });
  };
  return {
    approve: useMutation({
      mutationFn: (id: string) => api.post<Order>(`/order/${enc(id)}/approve`),
      onSettled: refresh,
    }),
    reject: useMutation({
      mutationFn: ({ id, body }: { id: string; body: RejectOrderInput }) =>
        api.post<Order>(`/order/${enc(id)}/reject`, body),
      onSettled: refresh,
    }),
  };
}
