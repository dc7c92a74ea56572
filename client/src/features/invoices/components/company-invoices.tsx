import { useState } from 'react';
import { ErrorState } from '@/components/ui/error-state';
import { useCompanyInvoices } from '../api/get-invoices';
import { downloadStatement } from '../api/download';
import { InvoiceTable } from './invoice-table';

/** My company, for its company-admins: the invoices on terms and the statement of account. */
export function CompanyInvoices() {
  const invoices = useCompanyInvoices(true);
  const [error, setError] = useState<string | null>(null);
  const statement = () => {
    setError(null);
    downloadStatement().catch((err: Error) => setError(err.message));
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
    body = <InvoiceTable invoices={invoices.data} caption="Your company's invoices" />;
  }
  return (
    <section className="card" aria-labelledby="company-invoices-title">
      <div className="card-body">
        <div className="invoice-toolbar">
          <h2 id="company-invoices-title">Invoices</h2>
          <button type="button" className="btn btn-secondary btn-sm" onClick={statement}>
            Download statement (CSV)
          </button>
        </div>
        {error ? (
          <p role="alert" className="alert alert-error">
            {error}
          </p>
        ) : null}
        {body}
      </div>
    </section>
  );
}
