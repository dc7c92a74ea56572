import type {
  ApproveApplicationInput,
  Company,
  CompanyDetail,
  SaveCompanyInput,
  TradeApplication,
} from '@toolworks/contract/companies';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

const enc = encodeURIComponent;

export function useCompanies() {
  return useQuery({
    queryKey: ['companies', 'list'],
    queryFn: () => api.get<Company[]>('/companies'),
  });
}

export function useCompany(id: string) {
  return useQuery({
    queryKey: ['companies', id],
    queryFn: () => api.get<CompanyDetail>(`/companies/${enc(id)}`),
  });
}

/** Creates the company without an id, else replaces its fields. */
export function useSaveCompany(id?: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: SaveCompanyInput) =>
      id
        ? api.put<CompanyDetail>(`/companies/${enc(id)}`, body)
        : api.post<CompanyDetail>('/companies', body),
    onSettled: () => void queryClient.invalidateQueries({ queryKey: ['companies'] }),
  });
}

export function usePendingApplications() {
  return useQuery({
    queryKey: ['trade-applications', 'pending'],
    queryFn: () =>
      api.get<TradeApplication[]>('/trade-applications', { query: { status: 'pending' } }),
  });
}

export function useAnswerApplication() {
  const queryClient = useQueryClient();
  const refresh = () => {
    void queryClient.invalidateQueries({ queryKey: ['trade-applications'] });
    void queryClient.invalidateQueries({ queryKey: ['companies'] });
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
