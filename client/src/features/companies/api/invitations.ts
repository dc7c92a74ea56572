import type { InvitationView, MyCompany } from '@toolworks/contract/companies';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { myCompanyKey } from './my-company';

const enc = encodeURIComponent;

export function useInvitation(token: string) {
  return useQuery({
    queryKey: ['invitations', token],
    queryFn: () => api.get<InvitationView>(`/invitations/${enc(token)}`),
    retry: false,
  });
}

export function useAcceptInvitation(token: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => api.post<MyCompany>(`/invitations/${enc(token)}/accept`),
    onSuccess: (company) => queryClient.setQueryData(myCompanyKey, company),
    onSettled: () => void queryClient.invalidateQueries({ queryKey: ['invitations', token] }),
  });
}
