import type { PriceListSummary, PricingExplanation } from '@toolworks/contract/price-lists';
import { useQuery } from '@tanstack/react-query';
import { api } from './api-client';
import { queryKeys } from './query-keys';

// Shared by the price lists pages and the company page (which assigns them): features do not
// import each other, and two copies of one cache key drift apart.
export function usePriceLists() {
  return useQuery({
    queryKey: queryKeys.priceLists.list,
    queryFn: ({ signal }) => api.get<PriceListSummary[]>('/price-lists', { signal }),
  });
}

export interface ExplainParams {
  sku: string;
  quantity: number;
  companyId?: string;
  /** `YYYY-MM-DD`; today on the server when left out. */
  date?: string;
}

/** Why a tool costs what it does for a company, at a quantity, on a day (admins). */
export function useExplainPrice(params: ExplainParams | null) {
  return useQuery({
    queryKey: queryKeys.explain(params ?? {}),
    queryFn: ({ signal }) =>
      api.get<PricingExplanation>('/pricing/explain', {
        signal,
        query: { ...params },
      }),
    enabled: params !== null,
    // A refusal (an unknown SKU) is the answer to show, not a hiccup to retry.
    retry: false,
  });
}
