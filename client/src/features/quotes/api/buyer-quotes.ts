import type { Order } from '@toolworks/contract/orders';
import type { AcceptQuoteInput, CreateQuoteInput, Quote } from '@toolworks/contract/quotes';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { useIdempotencyKey } from '@/lib/idempotency-key';
import { queryKeys } from '@/lib/query-keys';

// The buyer's three quote calls share one cache key, so they live together.

export function useMyQuotes() {
  return useQuery({
    queryKey: queryKeys.quotes.mine,
    queryFn: () => api.get<Quote[]>('/quotes/mine'),
  });
}

export function useRequestQuote() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: CreateQuoteInput) => api.post<Quote>('/quotes', body),
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: queryKeys.quotes.all }),
  });
}

export function useAcceptQuote() {
  const queryClient = useQueryClient();
  const key = useIdempotencyKey();
  return useMutation({
    mutationFn: ({ id, body }: { id: string; body: AcceptQuoteInput }) =>
      api.post<{ quote: Quote; order: Order }>(`/quotes/${encodeURIComponent(id)}/accept`, body, {
        headers: key.headers(),
      }),
    onSuccess: key.placed,
    // Accepted or refused (stock gone, expired), the list and the stock have likely moved.
    onSettled: () => {
      void queryClient.invalidateQueries({ queryKey: queryKeys.quotes.all });
      void queryClient.invalidateQueries({ queryKey: queryKeys.orders.all });
      void queryClient.invalidateQueries({ queryKey: queryKeys.tools.all });
    },
  });
}
