import type { Cart } from '@toolworks/contract/cart';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';

export function getCart(signal?: AbortSignal) {
  return api.get<Cart>('/cart', { signal });
}

/** The signed-in buyer's cart, kept on the server; `email` only keys it per account. */
export const serverCartQuery = (email: string) =>
  queryOptions({
    queryKey: queryKeys.cart.mine(email),
    queryFn: ({ signal }) => getCart(signal),
  });

export function useServerCart(email: string | undefined) {
  return useQuery({ ...serverCartQuery(email ?? ''), enabled: Boolean(email) });
}
