import type { TermsInvoice } from '@toolworks/contract/invoices';
import { useState, type ReactNode } from 'react';
import { ApiError } from '@/lib/api-client';
import { formatMediumDay, formatPrice } from '@/lib/format';
import { EInvoiceDownloads } from '@/components/ui/e-invoice-downloads';
import { downloadInvoicePdf } from '../api/download';
import { useOrderTermsInvoice } from '../api/get-invoices';
import { InvoiceCardPanel } from './invoice-card-panel';
import { STATE_LABELS } from './invoice-table';
import './invoices.css';

interface OrderTermsInvoiceProps {
  orderId: string;
  /** The card form for the balance (composed in app/); without it, no "Pay by card". */
  payByCard?: (invoice: TermsInvoice, onPaid: (paid: TermsInvoice) => void) => ReactNode;
}

/**
 * On the page of an order placed on payment terms: its invoice's number, state, due date and
 * balance, its PDF, and for its buyer "Pay by card" (they need not wait for their company-admin).
 */
export function OrderTermsInvoice({ orderId, payByCard }: OrderTermsInvoiceProps) {
  const invoice = useOrderTermsInvoice(orderId);
  const [paying, setPaying] = useState(false);
  const [notice, setNotice] = useState<string | null>(null);
  const [downloading, setDownloading] = useState(false);
  const [downloadError, setDownloadError] = useState<string | null>(null);

  if (invoice.isPending)
    return (
      <p role="status" className="muted">
        Loading the invoice…
      </p>
    );
  // Awaiting approval there is no invoice yet (404): the order's own note says what happens.
  if (invoice.isError) {
    return invoice.error instanceof ApiError && invoice.error.status === 404 ? null : (
      <p role="alert" className="alert alert-error">
        We couldn&apos;t load this order&apos;s invoice: {invoice.error.message}
      </p>
    );
  }

  const data = invoice.data;
  const download = () => {
    setDownloading(true);
    setDownloadError(null);
    downloadInvoicePdf(data.number)
      .catch((err: Error) => setDownloadError(err.message))
      .finally(() => setDownloading(false));
  };
  return (
    <section className="order-terms-invoice stack" aria-labelledby="order-invoice-title">
      <h2 id="order-invoice-title">Invoice {data.number}</h2>
      {notice ? (
        <p role="status" className="alert alert-success">
          {notice}
        </p>
      ) : null}
      <dl className="order-facts">
        <div>
          <dt>State</dt>
          <dd>
            <span className={`invoice-state invoice-state-${data.state}`}>
              {STATE_LABELS[data.state]}
            </span>
          </dd>
        </div>
        <div>
          <dt>Due</dt>
          <dd>
            <time className="nowrap" dateTime={data.dueDate}>
              {formatMediumDay(data.dueDate)}
            </time>
          </dd>
        </div>
        <div>
          <dt>Balance</dt>
          <dd>{formatPrice(data.balance)}</dd>
        </div>
      </dl>
      {downloadError ? (
        <p role="alert" className="alert alert-error">
          {downloadError}
        </p>
      ) : null}
      <div className="order-page-actions">
        <button
          type="button"
          className="btn btn-secondary"
          onClick={download}
          disabled={downloading}
          aria-busy={downloading}
        >
          {downloading ? 'Preparing invoice…' : 'Download invoice'}
        </button>
        <EInvoiceDownloads
          source={{ number: data.number }}
          name={data.number}
          className="btn btn-secondary"
        />
        {payByCard && data.balance > 0 && !paying ? (
          <button
            type="button"
            className="btn btn-primary"
            onClick={() => {
              setNotice(null);
              setPaying(true);
            }}
          >
            Pay by card
          </button>
        ) : null}
      </div>
      {payByCard && paying ? (
        <InvoiceCardPanel
          number={data.number}
          titleId="order-invoice-card-title"
          onClose={() => setPaying(false)}
        >
          {payByCard(data, (paid) => {
            setPaying(false);
            setNotice(`Invoice ${paid.number} is paid by card. Thank you!`);
          })}
        </InvoiceCardPanel>
      ) : null}
    </section>
  );
}
