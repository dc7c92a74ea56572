import type { DeleteToolResponse } from '@toolworks/contract/admin-tools';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { toolQueryKey } from '@/lib/get-tool';

export function deleteTool(id: string) {
  return api.delete<DeleteToolResponse>(`/delete/${encodeURIComponent(id)}`);
}

export function useDeleteTool() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteTool,
    onSuccess: (_result, id) => {
      queryClient.removeQueries({ queryKey: toolQueryKey(id) });
      void queryClient.invalidateQueries({ queryKey: ['tools'] });
      void queryClient.invalidateQueries({ queryKey: ['stats'] });
    },
  });
}
