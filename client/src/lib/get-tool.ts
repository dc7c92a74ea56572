import type { Tool } from '@toolworks/contract/tools';
import { useQuery } from '@tanstack/react-query';
import { api } from './api-client';

// One query for one tool, shared by the purchase page and the admin's edit form: features do not
// import each other, and two copies of one cache key drift apart.
export function getTool(id: string, signal?: AbortSignal) {
  return api.get<Tool>(`/tool/${encodeURIComponent(id)}`, { signal });
}

// Under the catalogue's 'tools' root, so a change that refreshes the catalogue (an order, a
// cancel) refreshes this tool's availability too.
export const toolQueryKey = (id: string) => ['tools', 'detail', id] as const;

export function useTool(id: string) {
  return useQuery({ queryKey: toolQueryKey(id), queryFn: ({ signal }) => getTool(id, signal) });
}
