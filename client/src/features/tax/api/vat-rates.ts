import type {
  SaveVatRatesInput,
  VatRatesRow,
  VatRatesTable,
} from '@toolworks/contract/tax-settings';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';

const ratePath = (country: string) => `/admin/tax/rates/${encodeURIComponent(country)}`;

/** GET /admin/tax/rates: the 27 member states' rates, as the admin keeps them. */
export function useVatRates() {
  return useQuery({
    queryKey: queryKeys.tax.rates,
    queryFn: ({ signal }) => api.get<VatRatesTable>('/admin/tax/rates', { signal }),
  });
}

/** PUT /admin/tax/rates/{country}: the admin's rates for one member state. */
export function useSaveVatRates() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ country, ...body }: SaveVatRatesInput & { country: string }) =>
      api.put<VatRatesRow>(ratePath(country), body),
    onSettled: () => void queryClient.invalidateQueries({ queryKey: queryKeys.tax.rates }),
  });
}

/** DELETE /admin/tax/rates/{country}: back to the shipped rates. */
export function useResetVatRates() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (country: string) => api.delete<VatRatesRow>(ratePath(country)),
    onSettled: () => void queryClient.invalidateQueries({ queryKey: queryKeys.tax.rates }),
  });
}
