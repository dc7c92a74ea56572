import { fetchFile, type DownloadedFile } from '@/lib/download-file';

export type TaxReport = 'ec-sales-list' | 'oss' | 'sales-tax';

/** A tax report's CSV for its period (`2026-Q4` for the quarterly ones, `2026-11` for sales tax). */
export function downloadTaxReport(report: TaxReport, period: string): Promise<DownloadedFile> {
  return fetchFile(`/admin/tax/${report}.csv`, {
    query: report === 'sales-tax' ? { month: period } : { quarter: period },
    accept: 'text/csv',
    fallbackName: `${report}-${period}.csv`,
    failure: "We couldn't download the report. Please try again.",
  });
}
