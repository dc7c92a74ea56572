import { CORRECTED_QUERY_HEADER } from '@toolworks/contract/search-headers';
import type { Tool } from '@toolworks/contract/tools';
import type { ToolSortKey } from '@toolworks/contract/tool-sorts';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { request, toPage, type Page } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';

export interface ToolsParams {
  search?: string;
  category?: string;
  inStock?: boolean;
  minPrice?: number;
  maxPrice?: number;
  sort?: ToolSortKey;
  page?: number;
  limit?: number;
  /** The search as typed: no typo correction. */
  exact?: boolean;
}

export interface ToolsPage extends Page<Tool> {
  /** What the server searched instead of a search that found nothing ("drill" for "drils"). */
  correctedQuery?: string;
}

function correctedQuery(headers: Headers): string | undefined {
  const header = headers.get(CORRECTED_QUERY_HEADER);
  if (!header) return undefined;
  try {
    return decodeURIComponent(header);
  } catch {
    return undefined;
  }
}

/** Only the parameters that are set go in the URL (the response cache keys on it). */
export function toolsQuery(params: ToolsParams) {
  const query: Record<string, string | number> = {};
  for (const [key, value] of Object.entries(params)) {
    if (value === undefined || value === '' || value === false) continue;
    query[key] = value === true ? 'true' : (value as string | number);
  }
  return query;
}

export async function getTools(params: ToolsParams, signal?: AbortSignal): Promise<ToolsPage> {
  const { data, headers } = await request<Tool[]>('/tools', { query: toolsQuery(params), signal });
  const corrected = correctedQuery(headers);
  return { ...toPage<Tool>(data, headers), ...(corrected ? { correctedQuery: corrected } : {}) };
}

export function useTools(params: ToolsParams, options: { keepPrevious?: boolean } = {}) {
  return useQuery({
    queryKey: queryKeys.tools.list(params),
    queryFn: ({ signal }) => getTools(params, signal),
    // Paging keeps the current page on screen while the next loads, so the grid does not jump;
    // a new search must not show the previous term's matches under the new heading.
    placeholderData: options.keepPrevious ? keepPreviousData : undefined,
  });
}
