import type { Tool } from '@contract/tools';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

export interface ToolsParams {
  search?: string;
  page?: number;
  limit?: number;
}

export function getTools(params: ToolsParams, signal?: AbortSignal) {
  return api.getPage<Tool>('/tools', { query: { ...params }, signal });
}

export const toolsQueryKey = (params: ToolsParams) => ['tools', 'list', params] as const;

export function useTools(params: ToolsParams, options: { keepPrevious?: boolean } = {}) {
  return useQuery({
    queryKey: toolsQueryKey(params),
    queryFn: ({ signal }) => getTools(params, signal),
    // Paging keeps the current page on screen while the next loads, so the grid does not jump;
    // a new search must not show the previous term's matches under the new heading.
    placeholderData: options.keepPrevious ? keepPreviousData : undefined,
  });
}
