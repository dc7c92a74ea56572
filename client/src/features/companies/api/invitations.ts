import type { InvitationPreview, InvitationView, MyCompany } from '@toolworks/contract/companies';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';

const enc = encodeURIComponent;

export function useInvitation(token: string) {
  return useQuery({
    queryKey: queryKeys.invitations.detail(token),
    queryFn: () => api.get<InvitationView>(`/invitations/${enc(token)}`),
    retry: false,
  });
}

/** For the signed-out page: which company invites which address (the link is the key). */
export function useInvitationPreview(token: string) {
  return useQuery({
    queryKey: queryKeys.invitations.preview(token),
    queryFn: () => api.get<InvitationPreview>(`/invitations/${enc(token)}/preview`),
    retry: false,
  });
}

export function useAcceptInvitation(token: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => api.post<MyCompany>(`/invitations/${enc(token)}/accept`),
    onSuccess: (company) => queryClient.setQueryData(queryKeys.companies.mine, company),
    onSettled: () =>
      void queryClient.invalidateQueries({ queryKey: queryKeys.invitations.detail(token) }),
  });
}
