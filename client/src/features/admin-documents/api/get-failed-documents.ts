import type { FailedDocumentWire } from '@toolworks/contract/failed-documents';
import { useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';

export function getFailedDocuments(signal?: AbortSignal) {
  return api.get<FailedDocumentWire[]>('/admin/failed-documents', { signal });
}

export function useFailedDocuments() {
  return useQuery({
    queryKey: queryKeys.failedDocuments.all,
    queryFn: ({ signal }) => getFailedDocuments(signal),
  });
}
