import type { PriceListImportReport } from '@toolworks/contract/price-lists';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { fetchFile, type DownloadedFile } from '@/lib/download-file';
import { queryKeys } from '@/lib/query-keys';
import { priceListPath } from './get-price-list';

/** The list's lines as a CSV file, in the columns an import reads back. */
export function exportLinesCsv(id: string): Promise<DownloadedFile> {
  return fetchFile(`${priceListPath(id)}/lines.csv`, {
    accept: 'text/csv',
    fallbackName: 'price-list-lines.csv',
    failure: "We couldn't export the lines. Please try again.",
  });
}

/** A dry run or an apply of a lines CSV; an apply refreshes the list and the lists page. */
export function useImportLines(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ csv, dryRun }: { csv: string; dryRun: boolean }) =>
      api.post<PriceListImportReport>(
        `${priceListPath(id)}/import`,
        { csv },
        { query: { dryRun: String(dryRun) } },
      ),
    onSuccess: (report) => {
      if (report.applied)
        void queryClient.invalidateQueries({ queryKey: queryKeys.priceLists.all });
    },
  });
}
