import { EMBEDDED_TOOL_ID } from '@toolworks/contract/tool-page-html';
import type { Tool } from '@toolworks/contract/tools';
import { useQuery } from '@tanstack/react-query';
import { api } from './api-client';
import { getAccessToken } from './access-token';
import { queryKeys } from './query-keys';

// One query for one tool, shared by the purchase page and the admin's edit form: features do not
// import each other, and two copies of one cache key drift apart.
export function getTool(id: string, signal?: AbortSignal) {
  return api.get<Tool>(`/tool/${encodeURIComponent(id)}`, { signal });
}

/**
 * The tool the server put in a tool page's HTML (GET /api/tool/{id}'s answer, as a JSON data
 * block: server/src/lib/tool-page-html.ts), so the page draws at once without asking again.
 * Taken once: later visits to the page ask the API, the HTML's copy being as old as the load.
 */
function takeEmbeddedTool(id: string): Tool | undefined {
  const block = typeof document === 'undefined' ? null : document.getElementById(EMBEDDED_TOOL_ID);
  if (!block) return undefined;
  block.remove();
  try {
    const tool = JSON.parse(block.textContent ?? '') as Tool;
    return tool._id === id ? tool : undefined;
  } catch {
    return undefined;
  }
}

export function useTool(id: string) {
  return useQuery({
    queryKey: queryKeys.tools.detail(id),
    queryFn: ({ signal }) => getTool(id, signal),
    initialData: () => takeEmbeddedTool(id),
    // The HTML's copy is everyone's; a signed-in buyer may have contract prices, so it is drawn
    // at once and asked again at once.
    initialDataUpdatedAt: () => (getAccessToken() ? 0 : Date.now()),
  });
}
