import { QUOTE_STATUSES, type QuoteStatus } from '@toolworks/contract/quotes';
import { useState } from 'react';
import { ErrorState } from '@/components/ui/error-state';
import { PageLoader } from '@/components/ui/page-loader';
import { ToastRegion, useToast } from '@/components/ui/toast';
import { useAllQuotes } from '../api/admin-quotes';
import { AdminQuoteCard } from './admin-quote-card';
import './quotes.css';

/** The dashboard's Quotes page (admins): requested quotes first, answered with an offer. */
export function AdminQuotes() {
  const [status, setStatus] = useState<QuoteStatus | ''>('requested');
  const quotes = useAllQuotes(status);
  const { toast, show, dismiss } = useToast();

  return (
    <section className="quotes-page" aria-labelledby="admin-quotes-title">
      <title>Quotes · Toolworks</title>
      <h1 id="admin-quotes-title">Quotes</h1>
      <div className="field quote-filter">
        <label className="label" htmlFor="quote-status-filter">
          Status
        </label>
        <select
          id="quote-status-filter"
          className="input"
          value={status}
          onChange={(e) => setStatus(e.target.value as QuoteStatus | '')}
        >
          <option value="">All</option>
          {QUOTE_STATUSES.map((s) => (
            <option key={s} value={s}>
              {s}
            </option>
          ))}
        </select>
      </div>
      {quotes.isPending ? (
        <PageLoader />
      ) : quotes.isError ? (
        <ErrorState
          title="We couldn't load the quotes."
          message={quotes.error.message}
          onRetry={() => void quotes.refetch()}
          retrying={quotes.isFetching}
        />
      ) : quotes.data.length === 0 ? (
        <p className="alert alert-info">No {status || ''} quotes.</p>
      ) : (
        <ul className="quotes-list">
          {quotes.data.map((quote) => (
            <li key={quote._id} className="card quote-card">
              <AdminQuoteCard quote={quote} onDone={(text) => show(text)} />
            </li>
          ))}
        </ul>
      )}
      <ToastRegion toast={toast} onDismiss={dismiss} />
    </section>
  );
}
