import type { Tool } from '@toolworks/contract/tools';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

export const MANAGE_TOOLS_PAGE_SIZE = 12;

export function getAdminTools(page: number, signal?: AbortSignal) {
  return api.getPage<Tool>('/tools', { query: { page, limit: MANAGE_TOOLS_PAGE_SIZE }, signal });
}

// Under 'tools' so every catalogue change (here, on the purchase page, an order) refreshes it.
export const adminToolsQueryKey = (page: number) => ['tools', 'manage', page] as const;

export function useAdminTools(page: number) {
  return useQuery({
    queryKey: adminToolsQueryKey(page),
    queryFn: ({ signal }) => getAdminTools(page, signal),
    // Paging keeps the current cards on screen while the next page loads.
    placeholderData: keepPreviousData,
  });
}
