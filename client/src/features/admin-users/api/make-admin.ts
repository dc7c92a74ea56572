import type { MakeAdminResponse } from '@toolworks/contract/users';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';

export function makeAdmin(email: string) {
  return api.put<MakeAdminResponse>(`/user/admin/${encodeURIComponent(email)}`);
}

export function useMakeAdmin() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: makeAdmin,
    onSettled: () => queryClient.invalidateQueries({ queryKey: queryKeys.users.all }),
  });
}
