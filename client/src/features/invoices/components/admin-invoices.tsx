import { INVOICE_STATES, type InvoiceState, type TermsInvoice } from '@toolworks/contract/invoices';
import { useState } from 'react';
import { useSearchParams } from 'react-router-dom';
import { ErrorState } from '@/components/ui/error-state';
import { useInvoices } from '../api/get-invoices';
import { InvoiceTable, STATE_LABELS } from './invoice-table';
import { RecordPaymentDialog } from './record-payment-dialog';

const isState = (value: string | null): value is InvoiceState =>
  INVOICE_STATES.includes(value as InvoiceState);

/** The shop admin's invoices on terms: by state, with the PDF and "Record payment". */
export function AdminInvoices() {
  const [params, setParams] = useSearchParams();
  const requested = params.get('state');
  const state = isState(requested) ? requested : 'all';
  const invoices = useInvoices(state);
  const [paying, setPaying] = useState<TermsInvoice | null>(null);

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
        title="We couldn't load the invoices."
        message={invoices.error.message}
        onRetry={() => void invoices.refetch()}
      />
    );
  } else if (invoices.data.length === 0) {
    body = <p className="muted">No invoices on payment terms here.</p>;
  } else {
    body = (
      <InvoiceTable
        invoices={invoices.data}
        caption="Invoices on payment terms"
        onRecordPayment={setPaying}
      />
    );
  }

  return (
    <section aria-labelledby="admin-invoices-title">
      <title>Invoices · Toolworks</title>
      <h1 id="admin-invoices-title">Invoices</h1>
      <p className="muted">
        Invoices of orders placed on a company&apos;s payment terms. Record bank transfers as they
        arrive; partial payments are fine.
      </p>
      <div className="invoice-toolbar">
        <label>
          State{' '}
          <select
            className="form-select"
            value={state}
            onChange={(event) =>
              setParams(event.target.value === 'all' ? {} : { state: event.target.value })
            }
          >
            <option value="all">All</option>
            {INVOICE_STATES.map((value) => (
              <option key={value} value={value}>
                {STATE_LABELS[value]}
              </option>
            ))}
          </select>
        </label>
      </div>
      {body}
      <RecordPaymentDialog invoice={paying} onClose={() => setPaying(null)} />
    </section>
  );
}
