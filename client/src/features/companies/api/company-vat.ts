import type { CompanyDetail, RecordVatVerificationInput } from '@toolworks/contract/companies';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';

const enc = encodeURIComponent;

/** POST /companies/{id}/vat-check: asks VIES now; the company as it then stands. */
export function useCheckVatId(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => api.post<CompanyDetail>(`/companies/${enc(id)}/vat-check`),
    onSuccess: (company) => queryClient.setQueryData(queryKeys.companies.detail(id), company),
    onSettled: () => void queryClient.invalidateQueries({ queryKey: queryKeys.companies.all }),
  });
}

/** POST /companies/{id}/vat-verification: the admin verified the ID by other means. */
export function useRecordVatVerification(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: RecordVatVerificationInput) =>
      api.post<CompanyDetail>(`/companies/${enc(id)}/vat-verification`, body),
    onSuccess: (company) => queryClient.setQueryData(queryKeys.companies.detail(id), company),
    onSettled: () => void queryClient.invalidateQueries({ queryKey: queryKeys.companies.all }),
  });
}
