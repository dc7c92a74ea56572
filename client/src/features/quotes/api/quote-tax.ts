import type { TaxSummary } from '@toolworks/contract/tax';
import { useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';
import { shipToFields, type ShipTo } from '@/lib/tax';

/** An offered quote's tax shipped there (GET /quotes/{id}/tax), before it is accepted. */
export function useQuoteTax(id: string, version: number, shipTo: ShipTo) {
  return useQuery({
    queryKey: queryKeys.quotes.tax(id, version, shipToFields(shipTo)),
    queryFn: ({ signal }) =>
      api.get<TaxSummary>(`/quotes/${encodeURIComponent(id)}/tax`, {
        query: shipToFields(shipTo),
        signal,
      }),
  });
}
