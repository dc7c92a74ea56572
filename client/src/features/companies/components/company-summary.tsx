import { DEFAULT_E_INVOICE_FORMAT, type Company } from '@toolworks/contract/companies';
import { formatPrice } from '@/lib/format';
import { E_INVOICE_FORMAT_LABELS } from './einvoice-fields';

export const TERMS_LABELS: Record<Company['paymentTerms'], string> = {
  none: 'Card payment (no terms)',
  'net-15': 'Net 15 days',
  'net-30': 'Net 30 days',
  'net-60': 'Net 60 days',
};

/** A company's details as a definition list. */
export function CompanySummary({ company }: { company: Company }) {
  return (
    <dl className="company-summary">
      <dt>VAT / tax id</dt>
      <dd>{company.vatId}</dd>
      <dt>Billing address</dt>
      <dd className="company-address-text">{company.billingAddress}</dd>
      <dt>Delivery addresses</dt>
      <dd>
        <ul className="company-addresses">
          {company.deliveryAddresses.map((a, i) => (
            <li key={i} className="company-address-text">
              <strong>{a.label}:</strong> {a.address}
            </li>
          ))}
        </ul>
      </dd>
      <dt>Payment terms</dt>
      <dd>{TERMS_LABELS[company.paymentTerms]}</dd>
      <dt>Credit limit</dt>
      <dd>{formatPrice(company.creditLimit)}</dd>
      {/* Issue 52: set by the shop's admin; shown so the company knows what its emails carry. */}
      <dt>Invoices sent as</dt>
      <dd>{E_INVOICE_FORMAT_LABELS[company.eInvoiceFormat ?? DEFAULT_E_INVOICE_FORMAT]}</dd>
      {company.buyerReference ? (
        <>
          <dt>Buyer reference</dt>
          <dd>{company.buyerReference}</dd>
        </>
      ) : null}
    </dl>
  );
}
