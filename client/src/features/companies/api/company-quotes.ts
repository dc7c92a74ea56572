import type { Quote } from '@toolworks/contract/quotes';
import { useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';

/** The company's quotes: every member's for approvers and company-admins, a buyer's own. */
export function useCompanyQuotes() {
  return useQuery({
    queryKey: queryKeys.companies.quotes,
    queryFn: () => api.get<Quote[]>('/company/quotes'),
  });
}
