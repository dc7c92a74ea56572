import type {
  CompanyDetail,
  CompanyMember,
  CreateTradeApplicationInput,
  InviteMemberInput,
  MyCompany,
  TradeApplication,
  UpdateMemberInput,
} from '@toolworks/contract/companies';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';

const enc = encodeURIComponent;

/** The signed-in member's company, role and trade application (`GET /api/company`). */
export const myCompanyQuery = queryOptions({
  queryKey: queryKeys.companies.mine,
  queryFn: () => api.get<MyCompany>('/company'),
});

export function useMyCompany(enabled = true) {
  return useQuery({ ...myCompanyQuery, enabled });
}

export function useApplyForTradeAccount() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: CreateTradeApplicationInput) =>
      api.post<TradeApplication>('/trade-applications', body),
    onSettled: () => void queryClient.invalidateQueries({ queryKey: queryKeys.companies.mine }),
  });
}

/**
 * Where a company's members are managed: `/company` (the caller's own, as its company-admin) or
 * `/companies/{id}` (any company, as the shop's admin). The same screen serves both.
 */
export type MembersScope = { kind: 'own' } | { kind: 'shop'; companyId: string };

const base = (scope: MembersScope) =>
  scope.kind === 'own' ? '/company' : `/companies/${enc(scope.companyId)}`;

const companyKey = (scope: MembersScope) =>
  scope.kind === 'own' ? queryKeys.companies.mine : queryKeys.companies.detail(scope.companyId);

export function useMemberActions(scope: MembersScope) {
  const queryClient = useQueryClient();
  const refresh = () => void queryClient.invalidateQueries({ queryKey: companyKey(scope) });
  return {
    invite: useMutation({
      mutationFn: (body: InviteMemberInput) =>
        api.post<CompanyDetail>(`${base(scope)}/invitations`, body),
      onSettled: refresh,
    }),
    revoke: useMutation({
      mutationFn: (invitationId: string) =>
        api.delete<CompanyDetail>(`${base(scope)}/invitations/${enc(invitationId)}`),
      onSettled: refresh,
    }),
    update: useMutation({
      mutationFn: ({ email, body }: { email: string; body: UpdateMemberInput }) =>
        api.patch<CompanyMember>(`${base(scope)}/members/${enc(email)}`, body),
      onSettled: refresh,
    }),
    remove: useMutation({
      mutationFn: (email: string) =>
        api.delete<CompanyDetail>(`${base(scope)}/members/${enc(email)}`),
      onSettled: refresh,
    }),
  };
}
