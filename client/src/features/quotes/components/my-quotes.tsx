import { poReferenceSchema } from '@toolworks/contract/cart';
import type { Quote } from '@toolworks/contract/quotes';
import { useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { ShipToFields } from '@/components/tax/ship-to-fields';
import { TaxTotals } from '@/components/tax/tax-totals';
import { ErrorState } from '@/components/ui/error-state';
import { FormField } from '@/components/ui/form-field';
import { PageLoader } from '@/components/ui/page-loader';
import { ToastRegion, useToast } from '@/components/ui/toast';
import { paths } from '@/config/paths';
import { QuoteOrderLink } from './quote-order-link';
import { ApiError } from '@/lib/api-client';
import { formatPrice } from '@/lib/format';
import { shipToFields, shipToStateError, type ShipTo } from '@/lib/tax';
import { useQuoteTax } from '../api/quote-tax';
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
  const { toast, show, dismiss } = useToast();

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
                {quote.offerNote ? (
                  <p className="quote-note">Note from us: {quote.offerNote}</p>
                ) : null}
                {quote.declineReason ? <p>Declined: {quote.declineReason}</p> : null}
                <QuoteOrderLink quote={quote} />
                {quote.status === 'offered' ? (
                  <AcceptOffer quote={quote} onRefused={(text) => show(text, 'error')} />
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

/**
 * Accepting the offer on screen, with the buyer's own PO reference for the order. If the offer
 * changed meanwhile the shop answers PRICE_CHANGED: the message stays on the card while the list
 * reloads with the new offer, which the buyer can then accept knowingly.
 */
function AcceptOffer({ quote, onRefused }: { quote: Quote; onRefused: (text: string) => void }) {
  const accept = useAcceptQuote();
  const navigate = useNavigate();
  const [poReference, setPoReference] = useState('');
  const [error, setError] = useState<string>();
  const [changed, setChanged] = useState<string>();
  const [shipTo, setShipTo] = useState<ShipTo>({ country: '', state: '' });
  // The offer's tax where it ships, shown before accepting; the server decides it again then.
  const tax = useQuoteTax(quote._id, quote.version, shipTo);
  const stateError = shipToStateError(tax.error);

  const onAccept = () => {
    const po = poReferenceSchema.safeParse(poReference);
    if (!po.success) {
      setError(po.error.issues[0]?.message);
      return;
    }
    setError(undefined);
    setChanged(undefined);
    accept.mutate(
      // The offer shown: a re-offer since answers PRICE_CHANGED instead of ordering at it.
      {
        id: quote._id,
        body: {
          version: quote.version,
          ...(po.data && { poReference: po.data }),
          ...shipToFields(shipTo),
        },
      },
      {
        onSuccess: ({ order }) => void navigate(paths.dashboard.payment(order._id)),
        onError: (failure) =>
          failure instanceof ApiError && failure.code === 'PRICE_CHANGED'
            ? setChanged(failure.message)
            : onRefused(failure.message),
      },
    );
  };

  return (
    <div className="quote-accept">
      {changed ? (
        <p role="alert" className="alert alert-info">
          {changed}
        </p>
      ) : null}
      <FormField
        label={`Purchase order reference for ${quote.number} (optional)`}
        error={error}
        hint="Printed on the order, for your accounts department."
      >
        {(a) => (
          <input
            {...a}
            className="input"
            value={poReference}
            maxLength={50}
            onChange={(e) => setPoReference(e.target.value)}
          />
        )}
      </FormField>
      <ShipToFields
        value={shipTo}
        onChange={setShipTo}
        shopCountry={shipTo.country ? undefined : tax.data?.shipToCountry}
        stateError={stateError}
      />
      <TaxTotals
        goodsTotal={quote.total ?? 0}
        summary={tax.data}
        loading={tax.isFetching}
        error={stateError ? null : tax.error}
        onRetry={() => void tax.refetch()}
      />
      <button
        type="button"
        className="btn btn-primary"
        disabled={accept.isPending || Boolean(stateError)}
        onClick={onAccept}
      >
        Accept and pay {quote.number}
      </button>
    </div>
  );
}
