import type { TaxSummary } from '@toolworks/contract/tax';
import { useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';
import { shipToFields, type ShipTo } from '@/lib/tax';

export function getCartTax(shipTo: ShipTo, signal?: AbortSignal) {
  return api.get<TaxSummary>('/cart/tax', { query: shipToFields(shipTo), signal });
}

/** The cart's tax shipped there; under the cart's key, so a changed cart or order refreshes it. */
export function useCartTax(email: string, shipTo: ShipTo) {
  return useQuery({
    queryKey: queryKeys.cart.tax(email, shipToFields(shipTo)),
    queryFn: ({ signal }) => getCartTax(shipTo, signal),
  });
}
