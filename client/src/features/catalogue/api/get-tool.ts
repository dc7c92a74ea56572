import type { Tool } from '@toolworks/contract/tools';
import { useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

export function getTool(id: string, signal?: AbortSignal) {
  return api.get<Tool>(`/tool/${encodeURIComponent(id)}`, { signal });
}

export function useTool(id: string) {
  return useQuery({
    queryKey: ['tools', 'detail', id],
    queryFn: ({ signal }) => getTool(id, signal),
  });
}
