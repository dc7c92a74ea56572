import { OfferQuoteSchema, type Quote } from '@toolworks/contract/quotes';
import { useState } from 'react';
import { QuoteOrderLink } from './quote-order-link';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { FormField } from '@/components/ui/form-field';
import { useAnswerQuote } from '../api/admin-quotes';
import { ExplainQuoteLine } from './explain-quote-line';
import { QuoteLines, QuoteStatusBadge } from './quote-lines';

const answerable = (quote: Quote) => quote.status !== 'accepted' && quote.status !== 'declined';

/** One quote for an admin: the buyer's request, and an offer (price per line) or a decline. */
export function AdminQuoteCard({
  quote,
  onDone,
}: {
  quote: Quote;
  onDone: (text: string) => void;
}) {
  const answer = useAnswerQuote();
  const [prices, setPrices] = useState(() =>
    quote.items.map((line) => String(line.unitPrice ?? line.listUnitPrice)),
  );
  const [validUntil, setValidUntil] = useState(quote.validUntil ?? '');
  const [note, setNote] = useState(quote.offerNote ?? '');
  const [reason, setReason] = useState('');
  const [declining, setDeclining] = useState(false);
  const [errors, setErrors] = useState<Record<string, string>>({});

  const offer = () => {
    const body = {
      items: quote.items.map((line, i) => ({
        toolId: line.toolId,
        unitPrice: prices[i]?.trim() ? Number(prices[i]) : Number.NaN,
      })),
      validUntil,
      ...(note.trim() && { note }),
    };
    const parsed = OfferQuoteSchema.safeParse(body);
    if (!parsed.success) {
      setErrors(Object.fromEntries(parsed.error.issues.map((i) => [i.path.join('.'), i.message])));
      return;
    }
    setErrors({});
    answer.mutate(
      { id: quote._id, body },
      {
        onSuccess: () => onDone(`Quote ${quote.number} offered`),
        onError: (error) => setErrors({ form: error.message }),
      },
    );
  };

  const decline = () =>
    answer.mutate(
      { id: quote._id, body: { decline: true, reason } },
      {
        onSuccess: () => {
          setDeclining(false);
          onDone(`Quote ${quote.number} declined`);
        },
        onError: (error) => {
          setDeclining(false);
          setErrors({ reason: error.message });
        },
      },
    );

  const open = answerable(quote);
  return (
    <article className="card-body" aria-labelledby={`admin-quote-${quote._id}`}>
      <header className="quote-card-header">
        <h2 className="quote-card-title" id={`admin-quote-${quote._id}`}>
          Quote {quote.number} from {quote.userName}
        </h2>
        <QuoteStatusBadge status={quote.status} />
      </header>
      <p className="muted">
        {quote.userEmail} · {quote.userPhone} · {quote.userAddress}
        {quote.requestedDeliveryDate ? ` · wanted by ${quote.requestedDeliveryDate}` : ''}
      </p>
      {quote.message ? <blockquote>{quote.message}</blockquote> : null}
      <QuoteLines
        quote={quote}
        lineDetails={(line) => <ExplainQuoteLine quote={quote} line={line} />}
        priceCell={
          open
            ? (line, i) => (
                <FormField
                  label={`Unit price for ${line.name}`}
                  error={errors[`items.${i}.unitPrice`]}
                >
                  {(a) => (
                    <input
                      {...a}
                      className="input"
                      inputMode="decimal"
                      value={prices[i] ?? ''}
                      onChange={(e) =>
                        setPrices((ps) => ps.map((p, j) => (j === i ? e.target.value : p)))
                      }
                    />
                  )}
                </FormField>
              )
            : undefined
        }
      />
      {quote.declineReason ? <p>Declined: {quote.declineReason}</p> : null}
      {!open && quote.offerNote ? (
        <p className="quote-note">Note to the buyer: {quote.offerNote}</p>
      ) : null}
      <QuoteOrderLink quote={quote} />
      {open ? (
        <div className="quote-actions">
          <FormField label="Valid until" error={errors.validUntil}>
            {(a) => (
              <input
                {...a}
                className="input"
                type="date"
                value={validUntil}
                onChange={(e) => setValidUntil(e.target.value)}
              />
            )}
          </FormField>
          <FormField
            label="Note to the buyer (optional)"
            error={errors.note}
            hint="Shown with the offer and in its email."
          >
            {(a) => (
              <textarea
                {...a}
                className="input"
                rows={2}
                value={note}
                onChange={(e) => setNote(e.target.value)}
              />
            )}
          </FormField>
          <button
            type="button"
            className="btn btn-primary"
            onClick={offer}
            disabled={answer.isPending}
          >
            Offer
          </button>
          <FormField label="Reason to decline" error={errors.reason}>
            {(a) => (
              <input
                {...a}
                className="input"
                value={reason}
                onChange={(e) => setReason(e.target.value)}
              />
            )}
          </FormField>
          <button
            type="button"
            className="btn btn-secondary"
            onClick={() =>
              reason.trim() ? setDeclining(true) : setErrors({ reason: 'Give a reason' })
            }
          >
            Decline
          </button>
        </div>
      ) : null}
      {errors.form ? (
        <p role="alert" className="alert alert-error">
          {errors.form}
        </p>
      ) : null}
      <ConfirmDialog
        open={declining}
        title={`Decline quote ${quote.number}?`}
        confirmLabel="Decline"
        busy={answer.isPending}
        onConfirm={decline}
        onCancel={() => setDeclining(false)}
      >
        <p>The buyer will see: {reason}</p>
      </ConfirmDialog>
    </article>
  );
}
