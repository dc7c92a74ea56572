import type { TermsInvoice } from '@toolworks/contract/invoices';
import { useState, type ReactNode } from 'react';
import { ErrorState } from '@/components/ui/error-state';
import { useCompanyInvoices } from '../api/get-invoices';
import { downloadStatement } from '../api/download';
import { InvoiceCardPanel } from './invoice-card-panel';
import { InvoiceTable } from './invoice-table';

/**
 * My company, for its company-admins: the invoices on terms and the statement of account, and
 * "Pay by card" on an open invoice (the card form comes from `payByCard`, composed in app/).
 */
export function CompanyInvoices({
  payByCard,
}: {
  payByCard?: (invoice: TermsInvoice, onPaid: (paid: TermsInvoice) => void) => ReactNode;
}) {
  const invoices = useCompanyInvoices(true);
  const [error, setError] = useState<string | null>(null);
  const [paying, setPaying] = useState<TermsInvoice | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const statement = (format: 'csv' | 'pdf') => {
    setError(null);
    downloadStatement(format).catch((err: Error) => setError(err.message));
  };
  let body;
  if (invoices.isPending) {
    body = (
      <p role="status" className="muted">
        Loading invoices…
      </p>
    );
  } else if (invoices.isError) {
    body = (
      <ErrorState
        title="We couldn't load your invoices."
        message={invoices.error.message}
        onRetry={() => void invoices.refetch()}
      />
    );
  } else if (invoices.data.length === 0) {
    body = <p className="muted">No invoices yet: orders paid on invoice show here.</p>;
  } else {
    body = (
      <InvoiceTable
        invoices={invoices.data}
        caption="Your company's invoices"
        {...(payByCard && {
          onPayByCard: (invoice: TermsInvoice) => {
            setNotice(null);
            setPaying(invoice);
          },
        })}
      />
    );
  }
  return (
    <section className="card" aria-labelledby="company-invoices-title">
      <div className="card-body">
        <div className="invoice-toolbar">
          <h2 id="company-invoices-title">Invoices</h2>
          <div className="invoice-actions">
            <button
              type="button"
              className="btn btn-secondary btn-sm"
              onClick={() => statement('csv')}
            >
              Download statement (CSV)
            </button>
            <button
              type="button"
              className="btn btn-secondary btn-sm"
              onClick={() => statement('pdf')}
            >
              Download statement (PDF)
            </button>
          </div>
        </div>
        {error ? (
          <p role="alert" className="alert alert-error">
            {error}
          </p>
        ) : null}
        {notice ? (
          <p role="status" className="alert alert-success">
            {notice}
          </p>
        ) : null}
        {body}
        {paying && payByCard ? (
          <InvoiceCardPanel
            number={paying.number}
            titleId="invoice-card-title"
            onClose={() => setPaying(null)}
          >
            {payByCard(paying, (paid) => {
              setPaying(null);
              // The confirmation refreshes every invoice view (pay-invoice-by-card.ts).
              setNotice(`Invoice ${paid.number} is paid by card. Thank you!`);
            })}
          </InvoiceCardPanel>
        ) : null}
      </div>
    </section>
  );
}
