import type { AnswerQuoteInput, Quote, QuoteStatus } from '@toolworks/contract/quotes';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';

export function useAllQuotes(status: QuoteStatus | '') {
  return useQuery({
    queryKey: queryKeys.quotes.everyone(status),
    queryFn: () => api.get<Quote[]>('/quotes', status ? { query: { status } } : undefined),
  });
}

export function useAnswerQuote() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, body }: { id: string; body: AnswerQuoteInput }) =>
      api.patch<Quote>(`/quotes/${encodeURIComponent(id)}`, body),
    onSettled: () => void queryClient.invalidateQueries({ queryKey: queryKeys.quotes.all }),
  });
}
