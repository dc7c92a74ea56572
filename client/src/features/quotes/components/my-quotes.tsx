import type { Quote } from '@toolworks/contract/quotes';
import { useNavigate } from 'react-router-dom';
import { ErrorState } from '@/components/ui/error-state';
import { PageLoader } from '@/components/ui/page-loader';
import { ToastRegion, useToast } from '@/components/ui/toast';
import { paths } from '@/config/paths';
import { formatPrice } from '@/lib/format';
import { useAcceptQuote, useMyQuotes } from '../api/buyer-quotes';
import { QuoteLines, QuoteStatusBadge } from './quote-lines';
import './quotes.css';

/** An offer's last day (`2027-01-31`, UTC) as "Jan 31, 2027". */
const formatDay = (day: string) =>
  new Intl.DateTimeFormat('en-US', { dateStyle: 'medium', timeZone: 'UTC' }).format(
    new Date(`${day}T00:00:00Z`),
  );

/** The buyer's quotes, newest first: what was offered, until when, and Accept -> payment. */
export function MyQuotes() {
  const quotes = useMyQuotes();
  const accept = useAcceptQuote();
  const navigate = useNavigate();
  const { toast, show, dismiss } = useToast();

  const onAccept = (quote: Quote) =>
    accept.mutate(
      // The offer shown: a re-offer since answers PRICE_CHANGED instead of ordering at it.
      { id: quote._id, body: { version: quote.version } },
      {
        onSuccess: ({ order }) => void navigate(paths.dashboard.payment(order._id)),
        onError: (error) => show(error.message, 'error'),
      },
    );

  return (
    <section className="quotes-page" aria-labelledby="my-quotes-title">
      <title>My Quotes · Toolworks</title>
      <h1 id="my-quotes-title">My Quotes</h1>
      {quotes.isPending ? (
        <PageLoader />
      ) : quotes.isError ? (
        <ErrorState
          title="We couldn't load your quotes."
          message={quotes.error.message}
          onRetry={() => void quotes.refetch()}
          retrying={quotes.isFetching}
        />
      ) : quotes.data.length === 0 ? (
        <div className="alert alert-info">
          <p className="alert-title">You have no quotes yet.</p>
          <p>Use Request a quote on a tool's purchase page to ask for a volume price.</p>
        </div>
      ) : (
        <ul className="quotes-list">
          {quotes.data.map((quote) => (
            <li key={quote._id} className="card quote-card">
              <article className="card-body" aria-labelledby={`quote-${quote._id}`}>
                <header className="quote-card-header">
                  <h2 className="quote-card-title" id={`quote-${quote._id}`}>
                    Quote {quote.number}
                  </h2>
                  <QuoteStatusBadge status={quote.status} />
                </header>
                <QuoteLines quote={quote} />
                {quote.total !== undefined ? (
                  <p>Offered total: {formatPrice(quote.total)}</p>
                ) : null}
                {quote.validUntil ? <p>Valid until {formatDay(quote.validUntil)}</p> : null}
                {quote.declineReason ? <p>Declined: {quote.declineReason}</p> : null}
                {quote.status === 'offered' ? (
                  <button
                    type="button"
                    className="btn btn-primary"
                    disabled={accept.isPending}
                    onClick={() => onAccept(quote)}
                  >
                    Accept and pay {quote.number}
                  </button>
                ) : null}
              </article>
            </li>
          ))}
        </ul>
      )}
      <ToastRegion toast={toast} onDismiss={dismiss} />
    </section>
  );
}
