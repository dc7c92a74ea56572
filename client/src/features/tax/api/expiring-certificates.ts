import type { ExpiringCertificates } from '@toolworks/contract/tax-settings';
import { useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';

/** GET /admin/tax/certificates/expiring: resale certificates lapsing within 30 days. */
export function useExpiringCertificates() {
  return useQuery({
    queryKey: queryKeys.tax.expiring,
    queryFn: ({ signal }) =>
      api.get<ExpiringCertificates>('/admin/tax/certificates/expiring', { signal }),
  });
}
