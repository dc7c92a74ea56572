import type { OutboxMessageWire } from '@toolworks/contract/mail';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api, type Page } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';

export function retryEmail(id: string) {
  return api.post<OutboxMessageWire>(`/admin/outbox/${encodeURIComponent(id)}/retry`);
}

export function useRetryEmail() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: retryEmail,
    onSuccess: (queued) => {
      // Queued again, so no longer failed: it leaves the list at once.
      queryClient.setQueryData<Page<OutboxMessageWire>>(
        queryKeys.outbox.failed,
        (page) =>
          page && { items: page.items.filter((m) => m._id !== queued._id), total: page.total - 1 },
      );
    },
  });
}
