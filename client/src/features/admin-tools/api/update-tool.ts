import type { UpdateToolInput } from '@toolworks/contract/admin-tools';
import type { Tool } from '@toolworks/contract/tools';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';

export function updateTool({ id, input }: { id: string; input: UpdateToolInput }) {
  return api.put<Tool>(`/tool/${encodeURIComponent(id)}`, input);
}

export function useUpdateTool() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateTool,
    onSuccess: (tool) => {
      queryClient.setQueryData(queryKeys.tools.detail(tool._id), tool);
      void queryClient.invalidateQueries({ queryKey: queryKeys.tools.all });
      void queryClient.invalidateQueries({ queryKey: queryKeys.stats.all });
    },
  });
}
