import { fetchFile, type DownloadedFile } from '@/lib/download-file';

/** The whole catalogue as a CSV file, in the columns an import reads back. */
export function exportCatalogueCsv(): Promise<DownloadedFile> {
  return fetchFile('/admin/catalogue.csv', {
    accept: 'text/csv',
    fallbackName: 'catalogue.csv',
    failure: "We couldn't export the catalogue. Please try again.",
  });
}
