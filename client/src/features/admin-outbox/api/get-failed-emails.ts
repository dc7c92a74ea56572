import type { OutboxMessageWire } from '@toolworks/contract/mail';
import { useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';

export const FAILED_MAILS_PAGE_SIZE = 50;

export function getFailedEmails(signal?: AbortSignal) {
  return api.getPage<OutboxMessageWire>('/admin/outbox', {
    query: { status: 'failed', limit: FAILED_MAILS_PAGE_SIZE },
    signal,
  });
}

export function useFailedEmails() {
  return useQuery({
    queryKey: queryKeys.outbox.failed,
    queryFn: ({ signal }) => getFailedEmails(signal),
  });
}
