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

/** The statement of account (CSV): the caller's own company, or any company for the admin. */
export async function downloadStatement(companyId?: string) {
  saveFile(
    await fetchFile(
      companyId
        ? `/companies/${encodeURIComponent(companyId)}/statement.csv`
        : '/company/statement.csv',
      {
        accept: 'text/csv',
        fallbackName: 'statement.csv',
        failure: 'The statement could not be downloaded',
      },
    ),
  );
}
