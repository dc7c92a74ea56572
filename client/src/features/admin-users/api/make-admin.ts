import type { MakeAdminResponse } from '@toolworks/contract/users';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { usersQueryKey } from './get-users';

export function makeAdmin(email: string) {
  return api.put<MakeAdminResponse>(`/user/admin/${encodeURIComponent(email)}`);
}

export function useMakeAdmin() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: makeAdmin,
    onSettled: () => queryClient.invalidateQueries({ queryKey: usersQueryKey }),
  });
}
