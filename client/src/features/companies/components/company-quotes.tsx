import type { QuoteStatus } from '@toolworks/contract/quotes';
import { formatDateTime, formatPrice } from '@/lib/format';
import { useCompanyQuotes } from '../api/company-quotes';

const STATUS_LABELS: Record<QuoteStatus, string> = {
  requested: 'Requested',
  offered: 'Offered',
  declined: 'Declined',
  accepted: 'Accepted',
  expired: 'Expired',
};

/**
 * The company's quotes, newest first: every member's for approvers and company-admins, the
 * caller's own for a buyer (the server decides by role).
 */
export function CompanyQuotes({ everyone }: { everyone: boolean }) {
  const quotes = useCompanyQuotes();

  let content;
  if (quotes.isPending) content = <p className="muted">Loading the company’s quotes…</p>;
  else if (quotes.isError)
    content = (
      <div role="alert" className="alert alert-error">
        <p>{quotes.error.message}</p>
        <button
          type="button"
          className="btn btn-secondary btn-sm"
          onClick={() => void quotes.refetch()}
        >
          Try again
        </button>
      </div>
    );
  else if (quotes.data.length === 0)
    content = <p className="muted">No quotes yet: ask for one from a tool’s page.</p>;
  else
    content = (
      <div className="company-orders-wrap">
        <table className="company-orders">
          <caption className="visually-hidden">Quotes asked for by the company’s members</caption>
          <thead>
            <tr>
              <th scope="col">Quote</th>
              <th scope="col">Asked by</th>
              <th scope="col">Asked</th>
              <th scope="col">Status</th>
              <th scope="col" className="company-orders-total">
                Offered total
              </th>
            </tr>
          </thead>
          <tbody>
            {quotes.data.map((quote) => (
              <tr key={quote._id}>
                <th scope="row">{quote.number}</th>
                <td>
                  {quote.userName}
                  <span className="company-orders-email">{quote.userEmail}</span>
                </td>
                <td>
                  <time dateTime={quote.createdAt}>{formatDateTime(quote.createdAt)}</time>
                </td>
                <td>
                  {STATUS_LABELS[quote.status]}
                  {quote.validUntil && quote.status === 'offered'
                    ? ` until ${quote.validUntil}`
                    : ''}
                </td>
                <td className="company-orders-total">
                  {quote.total !== undefined ? formatPrice(quote.total) : '—'}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    );

  return (
    <section className="card" aria-labelledby="company-quotes-title">
      <div className="card-body company-section">
        <h2 id="company-quotes-title">{everyone ? 'Company quotes' : 'Your quotes'}</h2>
        {content}
      </div>
    </section>
  );
}
