import { fetchFile, saveFile } from '@/lib/download-file';

/** An invoice on terms as a PDF (its company's admin or the shop admin). */
export async function downloadInvoicePdf(number: string) {
  saveFile(
    await fetchFile(`/invoices/${encodeURIComponent(number)}/pdf`, {
      accept: 'application/pdf',
      fallbackName: `${number}.pdf`,
      failure: 'The invoice could not be downloaded',
    }),
  );
}

/** The caller's own company's statement of account, as a CSV or a PDF. */
export async function downloadStatement(format: 'csv' | 'pdf' = 'csv') {
  saveFile(
    await fetchFile(`/company/statement.${format}`, {
      accept: format === 'pdf' ? 'application/pdf' : 'text/csv',
      fallbackName: `statement.${format}`,
      failure: 'The statement could not be downloaded',
    }),
  );
}
