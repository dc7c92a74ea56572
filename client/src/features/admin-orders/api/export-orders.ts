import { fetchFile, type DownloadedFile } from '@/lib/download-file';
import type { OrderFilters } from './order-filters';

/** The filter's orders as a CSV file (every page, so no page number). */
export function exportOrdersCsv({
  page: _page,
  ...filters
}: OrderFilters): Promise<DownloadedFile> {
  return fetchFile('/orders/export.csv', {
    query: { ...filters },
    accept: 'text/csv',
    fallbackName: 'orders.csv',
    failure: "We couldn't export the orders. Please try again.",
  });
}
