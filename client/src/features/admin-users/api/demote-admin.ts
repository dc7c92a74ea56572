import type { DemoteAdminResponse } from '@toolworks/contract/users';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';

/** DELETE /user/admin/{email}: takes a Make Admin right away (the last admin is refused). */
export function demoteAdmin(email: string) {
  return api.delete<DemoteAdminResponse>(`/user/admin/${encodeURIComponent(email)}`);
}

export function useDemoteAdmin() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: demoteAdmin,
    onSettled: () => queryClient.invalidateQueries({ queryKey: queryKeys.users.all }),
  });
}
