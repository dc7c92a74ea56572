import type { RestoreUserResponse } from '@toolworks/contract/users';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';

/** PUT /user/{email}/restore: lets a removed account sign in again, as a customer. */
export function restoreUser(email: string) {
  return api.put<RestoreUserResponse>(`/user/${encodeURIComponent(email)}/restore`);
}

export function useRestoreUser() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: restoreUser,
    onSettled: () => queryClient.invalidateQueries({ queryKey: queryKeys.users.all }),
  });
}
