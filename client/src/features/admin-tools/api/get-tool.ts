import type { Tool } from '@contract/tools';
import { useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

export function getTool(id: string, signal?: AbortSignal) {
  return api.get<Tool>(`/tool/${encodeURIComponent(id)}`, { signal });
}

export const toolQueryKey = (id: string) => ['tools', 'detail', id] as const;

export function useTool(id: string) {
  return useQuery({ queryKey: toolQueryKey(id), queryFn: ({ signal }) => getTool(id, signal) });
}
