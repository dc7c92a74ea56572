import type { ImportReport } from '@toolworks/contract/catalogue-import';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';

export const importCatalogue = (csv: string, dryRun: boolean) =>
  api.post<ImportReport>('/admin/catalogue/import', { csv }, { query: { dryRun: String(dryRun) } });

/** A dry run or an apply; an apply refreshes every tool list the admin may open next. */
export function useImportCatalogue() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ csv, dryRun }: { csv: string; dryRun: boolean }) => importCatalogue(csv, dryRun),
    onSuccess: (report) => {
      if (report.applied) void queryClient.invalidateQueries({ queryKey: queryKeys.tools.all });
    },
  });
}
