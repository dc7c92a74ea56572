import type { DeleteToolResponse } from '@toolworks/contract/admin-tools';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';

export function deleteTool(id: string) {
  return api.delete<DeleteToolResponse>(`/delete/${encodeURIComponent(id)}`);
}

export function useDeleteTool() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteTool,
    onSuccess: (_result, id) => {
      queryClient.removeQueries({ queryKey: queryKeys.tools.detail(id) });
      void queryClient.invalidateQueries({ queryKey: queryKeys.tools.all });
      void queryClient.invalidateQueries({ queryKey: queryKeys.stats.all });
    },
  });
}
