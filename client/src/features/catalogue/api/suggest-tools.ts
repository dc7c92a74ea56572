import type { ToolSuggestions } from '@toolworks/contract/tools';
import { useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';

export function suggestTools(q: string, signal?: AbortSignal) {
  return api.get<ToolSuggestions>('/tools/suggest', { query: { q }, signal });
}

/** Off below two characters (one letter would suggest most of the catalogue) and while `active` is false. */
export function useToolSuggestions(q: string, active: boolean) {
  const term = q.trim();
  return useQuery({
    queryKey: queryKeys.tools.suggest(term),
    queryFn: ({ signal }) => suggestTools(term, signal),
    enabled: active && term.length >= 2,
    staleTime: 60_000,
  });
}
