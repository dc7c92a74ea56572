import type { Tool } from '@toolworks/contract/tools';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';

export const MANAGE_TOOLS_PAGE_SIZE = 12;

/** The public catalogue's search and paging (GET /tools), newest first. */
export interface AdminToolsParams {
  page: number;
  search?: string;
}

export function getAdminTools({ page, search }: AdminToolsParams, signal?: AbortSignal) {
  return api.getPage<Tool>('/tools', {
    query: { page, limit: MANAGE_TOOLS_PAGE_SIZE, search },
    signal,
  });
}

export function useAdminTools(params: AdminToolsParams) {
  return useQuery({
    queryKey: queryKeys.tools.manage(params.page, params.search ?? ''),
    queryFn: ({ signal }) => getAdminTools(params, signal),
    // Paging keeps the current cards on screen while the next page loads.
    placeholderData: keepPreviousData,
  });
}
