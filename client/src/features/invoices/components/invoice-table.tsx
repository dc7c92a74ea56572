import type { InvoiceState, TermsInvoice } from '@toolworks/contract/invoices';
import { useState } from 'react';
import { formatMediumDay, formatPrice } from '@/lib/format';
import { EInvoiceDownloads } from '@/components/ui/e-invoice-downloads';
import { downloadInvoicePdf } from '../api/download';
import './invoices.css';

export const STATE_LABELS: Record<InvoiceState, string> = {
  open: 'Open',
  partly_paid: 'Partly paid',
  overdue: 'Overdue',
  paid: 'Paid',
};

export const termsLabel = (terms: string) => `Net ${terms.replace('net-', '')}`;

interface InvoiceTableProps {
  invoices: TermsInvoice[];
  caption: string;
  /** The shop admin's view: the company's name and a "Record payment" action per row. */
  onRecordPayment?: (invoice: TermsInvoice) => void;
  /** A company's view: "Pay by card" on each invoice with a balance. */
  onPayByCard?: (invoice: TermsInvoice) => void;
}

/**
 * Invoices on terms: state, due date, balance, the PDF and the e-invoice files (one card per
 * invoice on phones).
 */
export function InvoiceTable({
  invoices,
  caption,
  onRecordPayment,
  onPayByCard,
}: InvoiceTableProps) {
  const [error, setError] = useState<string | null>(null);
  const download = (number: string) => {
    setError(null);
    downloadInvoicePdf(number).catch((err: Error) => setError(err.message));
  };
  return (
    <>
      {error ? (
        <p role="alert" className="alert alert-error">
          {error}
        </p>
      ) : null}
      <table className="invoice-table">
        <caption className="visually-hidden">{caption}</caption>
        <thead>
          <tr>
            <th scope="col">Invoice</th>
            {onRecordPayment ? <th scope="col">Company</th> : null}
            <th scope="col">State</th>
            <th scope="col">Due date</th>
            <th scope="col">Total</th>
            <th scope="col">Balance</th>
            <th scope="col">
              <span className="visually-hidden">Actions</span>
            </th>
          </tr>
        </thead>
        <tbody>
          {invoices.map((invoice) => (
            <tr key={invoice.number}>
              <th scope="row" data-label="Invoice">
                <span className="nowrap">{invoice.number}</span>
                <span className="muted invoice-order">
                  {' '}
                  <span className="nowrap">{invoice.orderNumber}</span> ·{' '}
                  <span className="nowrap">{termsLabel(invoice.paymentTerms)}</span>
                </span>
              </th>
              {onRecordPayment ? <td data-label="Company">{invoice.companyName}</td> : null}
              <td data-label="State">
                <span className={`invoice-state invoice-state-${invoice.state}`}>
                  {STATE_LABELS[invoice.state]}
                </span>
              </td>
              <td data-label="Due date">
                <time className="nowrap" dateTime={invoice.dueDate}>
                  {formatMediumDay(invoice.dueDate)}
                </time>
              </td>
              <td data-label="Total" className="nowrap">
                {formatPrice(invoice.total)}
              </td>
              <td data-label="Balance" className="nowrap">
                {formatPrice(invoice.balance)}
              </td>
              <td>
                <div className="invoice-actions">
                  <button
                    type="button"
                    className="btn btn-secondary btn-sm"
                    aria-label={`PDF ${invoice.number}`}
                    onClick={() => download(invoice.number)}
                  >
                    PDF
                  </button>
                  <EInvoiceDownloads source={{ number: invoice.number }} name={invoice.number} />
                  {onPayByCard && invoice.balance > 0 ? (
                    <button
                      type="button"
                      className="btn btn-primary btn-sm"
                      aria-label={`Pay by card: ${invoice.number}`}
                      onClick={() => onPayByCard(invoice)}
                    >
                      Pay by card
                    </button>
                  ) : null}
                  {onRecordPayment && invoice.balance > 0 ? (
                    <button
                      type="button"
                      className="btn btn-dark btn-sm"
                      aria-label={`Record payment: ${invoice.number}`}
                      onClick={() => onRecordPayment(invoice)}
                    >
                      Record payment
                    </button>
                  ) : null}
                </div>
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </>
  );
}
