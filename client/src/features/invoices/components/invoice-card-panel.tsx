import type { ReactNode } from 'react';
import './invoices.css';

/** "Pay invoice … by card" with its Close button, around the card form composed in app/. */
export function InvoiceCardPanel({
  number,
  titleId,
  onClose,
  children,
}: {
  number: string;
  titleId: string;
  onClose: () => void;
  children: ReactNode;
}) {
  return (
    <section className="invoice-card-payment stack" aria-labelledby={titleId}>
      <div className="invoice-toolbar">
        <h3 id={titleId}>Pay invoice {number} by card</h3>
        <button type="button" className="btn btn-secondary btn-sm" onClick={onClose}>
          Close
        </button>
      </div>
      {children}
    </section>
  );
}
