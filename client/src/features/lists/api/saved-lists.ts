import type { AddCartLinesResult } from '@toolworks/contract/cart';
import type { SavedList, SavedListSummary } from '@toolworks/contract/lists';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';
import { useSession } from '@/lib/session';

// The saved-list calls share one cache key (the lists, and each list under it): one file.

const listPath = (id: string) => `/lists/${encodeURIComponent(id)}`;

export function useSavedLists() {
  return useQuery({
    queryKey: queryKeys.lists.all,
    queryFn: () => api.get<SavedListSummary[]>('/lists'),
  });
}

export function useSavedList(id: string) {
  return useQuery({
    queryKey: queryKeys.lists.detail(id),
    queryFn: () => api.get<SavedList>(listPath(id)),
  });
}

/** After any change: the list answered as it is now, and the overview's counts refetched. */
function useListChange<V>(call: (vars: V) => Promise<SavedList>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: call,
    onSuccess: (list) => {
      queryClient.setQueryData(queryKeys.lists.detail(list._id), list);
      void queryClient.invalidateQueries({ queryKey: queryKeys.lists.all, exact: true });
    },
  });
}

export const useCreateList = () =>
  useListChange((name: string) => api.post<SavedList>('/lists', { name }));

export const useRenameList = () =>
  useListChange(({ id, name }: { id: string; name: string }) =>
    api.patch<SavedList>(listPath(id), { name }),
  );

/** The owner shares the list with their company's members, or stops. */
export const useShareList = () =>
  useListChange(({ id, shared }: { id: string; shared: boolean }) =>
    api.put<SavedList>(`${listPath(id)}/sharing`, { shared }),
  );

export const useAddListLine = () =>
  useListChange(({ id, toolId, quantity }: { id: string; toolId: string; quantity: number }) =>
    api.post<SavedList>(`${listPath(id)}/lines`, { toolId, quantity }),
  );

export const useSetListLine = () =>
  useListChange(({ id, toolId, quantity }: { id: string; toolId: string; quantity: number }) =>
    api.patch<SavedList>(`${listPath(id)}/lines/${encodeURIComponent(toolId)}`, { quantity }),
  );

export const useRemoveListLine = () =>
  useListChange(({ id, toolId }: { id: string; toolId: string }) =>
    api.delete<SavedList>(`${listPath(id)}/lines/${encodeURIComponent(toolId)}`),
  );

export function useDeleteList() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => api.delete<void>(listPath(id)),
    onSuccess: (_nothing, id) => {
      queryClient.removeQueries({ queryKey: queryKeys.lists.detail(id) });
      void queryClient.invalidateQueries({ queryKey: queryKeys.lists.all, exact: true });
    },
  });
}

/** The whole list to the cart (the server's cart rules); the cart's cache takes the answer. */
export function useListToCart() {
  const { user } = useSession();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => api.post<AddCartLinesResult>(`${listPath(id)}/cart`),
    onSuccess: (result) => {
      if (user) queryClient.setQueryData(queryKeys.cart.mine(user.email), result.cart);
    },
  });
}
