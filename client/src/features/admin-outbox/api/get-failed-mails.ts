import type { OutboxMessageWire } from '@toolworks/contract/mail';
import { useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

export const FAILED_MAILS_PAGE_SIZE = 50;

export function getFailedMails(signal?: AbortSignal) {
  return api.getPage<OutboxMessageWire>('/admin/outbox', {
    query: { status: 'failed', limit: FAILED_MAILS_PAGE_SIZE },
    signal,
  });
}

export const failedMailsQueryKey = ['outbox', 'failed'] as const;

export function useFailedMails() {
  return useQuery({
    queryKey: failedMailsQueryKey,
    queryFn: ({ signal }) => getFailedMails(signal),
  });
}
