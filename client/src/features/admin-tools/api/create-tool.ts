import type { CreateToolInput } from '@toolworks/contract/admin-tools';
import type { Tool } from '@toolworks/contract/tools';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';

export function createTool(input: CreateToolInput) {
  return api.post<Tool>('/addtools', input);
}

export function useCreateTool() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createTool,
    onSuccess: () => {
      // The home grid, Manage Tools and the overview's stock list all show it now.
      void queryClient.invalidateQueries({ queryKey: queryKeys.tools.all });
      void queryClient.invalidateQueries({ queryKey: queryKeys.stats.all });
    },
  });
}
