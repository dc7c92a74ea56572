import { CreateQuoteSchema, type CreateQuoteInput } from '@toolworks/contract/quotes';
import { useId, useState, type FormEvent } from 'react';
import { Link } from 'react-router-dom';
import { FormField } from '@/components/ui/form-field';
import { paths } from '@/config/paths';
import { useRequestQuote } from '../api/buyer-quotes';
import './quotes.css';

export interface QuoteLineDraft {
  toolId: string;
  name: string;
  quantity: number;
}

type Errors = Record<string, string>;

/**
 * "Request a quote" and its form: the lines (quantities may exceed the stock), a delivery date,
 * a message and where to deliver. For the purchase page (one line) and the cart (every line).
 */
export function RequestQuoteButton({ lines }: { lines: QuoteLineDraft[] }) {
  const [open, setOpen] = useState(false);
  const formId = useId();
  const request = useRequestQuote();
  const [quantities, setQuantities] = useState(() => lines.map((line) => String(line.quantity)));
  const [fields, setFields] = useState({
    requestedDeliveryDate: '',
    message: '',
    userPhone: '',
    userAddress: '',
  });
  const [errors, setErrors] = useState<Errors>({});
  const set = (name: keyof typeof fields) => (value: string) =>
    setFields((current) => ({ ...current, [name]: value }));

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const body: CreateQuoteInput = {
      items: lines.map((line, i) => ({
        toolId: line.toolId,
        quantity: quantities[i]?.trim() ? Number(quantities[i]) : Number.NaN,
      })),
      ...fields,
    };
    const parsed = CreateQuoteSchema.safeParse(body);
    if (!parsed.success) {
      setErrors(Object.fromEntries(parsed.error.issues.map((i) => [i.path.join('.'), i.message])));
      return;
    }
    setErrors({});
    request.mutate(body, {
      onError: (error) => setErrors({ form: error.message }),
    });
  };

  if (request.data) {
    return (
      <p role="status" className="alert alert-success quote-requested">
        Quote {request.data.number} requested. We will answer in{' '}
        <Link to={paths.dashboard.myQuotes}>My Quotes</Link>.
      </p>
    );
  }

  return (
    <div className="request-quote">
      <button
        type="button"
        className="btn btn-secondary btn-block"
        aria-expanded={open}
        aria-controls={formId}
        onClick={() => setOpen(!open)}
      >
        Request a quote
      </button>
      {open ? (
        <form
          id={formId}
          className="quote-form"
          onSubmit={submit}
          noValidate
          aria-label="Request a quote"
        >
          <p className="muted">
            Need more than we show, or a better price? Tell us and we will offer one.
          </p>
          {lines.map((line, i) => (
            <FormField
              key={line.toolId}
              label={`Quantity of ${line.name}`}
              error={errors[`items.${i}.quantity`]}
            >
              {(a) => (
                <input
                  {...a}
                  className="input"
                  inputMode="numeric"
                  value={quantities[i] ?? ''}
                  onChange={(e) =>
                    setQuantities((qs) => qs.map((q, j) => (j === i ? e.target.value : q)))
                  }
                />
              )}
            </FormField>
          ))}
          <FormField label="Requested delivery date" error={errors.requestedDeliveryDate}>
            {(a) => (
              <input
                {...a}
                className="input"
                type="date"
                value={fields.requestedDeliveryDate}
                onChange={(e) => set('requestedDeliveryDate')(e.target.value)}
              />
            )}
          </FormField>
          <FormField label="Message" error={errors.message}>
            {(a) => (
              <textarea
                {...a}
                className="input"
                rows={3}
                value={fields.message}
                onChange={(e) => set('message')(e.target.value)}
              />
            )}
          </FormField>
          <FormField label="Phone for the quote" error={errors.userPhone}>
            {(a) => (
              <input
                {...a}
                className="input"
                type="tel"
                autoComplete="tel"
                value={fields.userPhone}
                onChange={(e) => set('userPhone')(e.target.value)}
              />
            )}
          </FormField>
          <FormField label="Delivery address" error={errors.userAddress}>
            {(a) => (
              <textarea
                {...a}
                className="input"
                rows={2}
                autoComplete="street-address"
                value={fields.userAddress}
                onChange={(e) => set('userAddress')(e.target.value)}
              />
            )}
          </FormField>
          {errors.form || errors.items ? (
            <p role="alert" className="alert alert-error">
              {errors.form ?? errors.items}
            </p>
          ) : null}
          <button type="submit" className="btn btn-primary" disabled={request.isPending}>
            {request.isPending ? 'Sending…' : 'Send quote request'}
          </button>
        </form>
      ) : null}
    </div>
  );
}
