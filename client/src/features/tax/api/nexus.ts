import type {
  NexusState,
  NexusStates,
  SaveNexusStateInput,
} from '@toolworks/contract/tax-settings';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';

const statePath = (state: string) => `/admin/tax/nexus/${encodeURIComponent(state)}`;

/** GET /admin/tax/nexus: the US states where the shop collects sales tax. */
export function useNexusStates() {
  return useQuery({
    queryKey: queryKeys.tax.nexus,
    queryFn: ({ signal }) => api.get<NexusStates>('/admin/tax/nexus', { signal }),
  });
}

/** PUT /admin/tax/nexus/{state}: adds the state or changes its rate. */
export function useSaveNexusState() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ state, ...body }: SaveNexusStateInput & { state: string }) =>
      api.put<NexusState>(statePath(state), body),
    onSettled: () => void queryClient.invalidateQueries({ queryKey: queryKeys.tax.nexus }),
  });
}

/** DELETE /admin/tax/nexus/{state} */
export function useRemoveNexusState() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (state: string) => api.delete<undefined>(statePath(state)),
    onSettled: () => void queryClient.invalidateQueries({ queryKey: queryKeys.tax.nexus }),
  });
}
