import type {
  ApproveApplicationInput,
  Company,
  CompanyDetail,
  SaveCompanyInput,
  TradeApplication,
} from '@toolworks/contract/companies';
import type { CompanyPricingSchema } from '@toolworks/contract/price-lists';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import { api } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';

const enc = encodeURIComponent;

export function useCompanies() {
  return useQuery({
    queryKey: queryKeys.companies.list,
    queryFn: () => api.get<Company[]>('/companies'),
  });
}

export function useCompany(id: string) {
  return useQuery({
    queryKey: queryKeys.companies.detail(id),
    queryFn: () => api.get<CompanyDetail>(`/companies/${enc(id)}`),
  });
}

/** The company's fields, and on an edit its price lists (left out: kept as they are). */
export type SaveCompanyBody = SaveCompanyInput & z.input<typeof CompanyPricingSchema>;

/** Creates the company without an id, else replaces its fields. */
export function useSaveCompany(id?: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: SaveCompanyBody) =>
      id
        ? api.put<CompanyDetail>(`/companies/${enc(id)}`, body)
        : api.post<CompanyDetail>('/companies', body),
    onSettled: () => void queryClient.invalidateQueries({ queryKey: queryKeys.companies.all }),
  });
}

export function usePendingApplications() {
  return useQuery({
    queryKey: queryKeys.tradeApplications.pending,
    queryFn: () =>
      api.get<TradeApplication[]>('/trade-applications', { query: { status: 'pending' } }),
  });
}

export function useAnswerApplication() {
  const queryClient = useQueryClient();
  const refresh = () => {
    void queryClient.invalidateQueries({ queryKey: queryKeys.tradeApplications.all });
    void queryClient.invalidateQueries({ queryKey: queryKeys.companies.all });
  };
  return {
    approve: useMutation({
      mutationFn: ({ id, body }: { id: string; body: ApproveApplicationInput }) =>
        api.post<{ company: Company }>(`/trade-applications/${enc(id)}/approve`, body),
      onSettled: refresh,
    }),
    decline: useMutation({
      mutationFn: ({ id, reason }: { id: string; reason: string }) =>
        api.post<TradeApplication>(`/trade-applications/${enc(id)}/decline`, { reason }),
      onSettled: refresh,
    }),
  };
}
