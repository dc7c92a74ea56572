import type { Tool } from '@toolworks/contract/tools';
import { useQuery } from '@tanstack/react-query';
import { api } from './api-client';
import { queryKeys } from './query-keys';

// One query for one tool, shared by the purchase page and the admin's edit form: features do not
// import each other, and two copies of one cache key drift apart.
export function getTool(id: string, signal?: AbortSignal) {
  return api.get<Tool>(`/tool/${encodeURIComponent(id)}`, { signal });
}

export function useTool(id: string) {
  return useQuery({
    queryKey: queryKeys.tools.detail(id),
    queryFn: ({ signal }) => getTool(id, signal),
  });
}
