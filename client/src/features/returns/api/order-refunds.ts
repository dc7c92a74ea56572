import type { OrderRefunds, RequestReturnInput, Return } from '@toolworks/contract/returns';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { fetchFile, saveFile } from '@/lib/download-file';
import { queryKeys } from '@/lib/query-keys';

/** The order's refunds, credit notes and returns, for whoever sees the order. */
export function useOrderRefunds(orderId: string) {
  return useQuery({
    queryKey: queryKeys.refunds.ofOrder(orderId),
    queryFn: () => api.get<OrderRefunds>(`/order/${encodeURIComponent(orderId)}/refunds`),
  });
}

export function requestReturn(orderId: string, body: RequestReturnInput) {
  return api.post<Return>(`/order/${encodeURIComponent(orderId)}/returns`, body);
}

export function useRequestReturn(orderId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: RequestReturnInput) => requestReturn(orderId, body),
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: queryKeys.refunds.all }),
  });
}

/** A credit note's PDF by its number (the order's buyer, its company's approvers, an admin). */
export async function downloadCreditNote(number: string) {
  saveFile(
    await fetchFile(`/credit-notes/${encodeURIComponent(number)}/pdf`, {
      accept: 'application/pdf',
      fallbackName: `${number}.pdf`,
      failure: 'The credit note could not be downloaded',
    }),
  );
}
