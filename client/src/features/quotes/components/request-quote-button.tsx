import type { CreateQuoteInput } from '@toolworks/contract/quotes';
import { useEffect, useId, useRef, useState } from 'react';
import { Link } from 'react-router-dom';
import { FormField } from '@/components/ui/form-field';
import { paths } from '@/config/paths';
import { useSubmitOnce } from '@/lib/submit-once';
import { useRequestQuote } from '../api/buyer-quotes';
import './quotes.css';

export interface QuoteLineDraft {
  toolId: string;
  name: string;
  quantity: number;
}

type Errors = Record<string, string>;

/**
 * The request's schema, and zod with it, loads when the form opens, not with the cart or the
 * purchase page: building zod's schemas was the largest script task of the cart's start-up.
 */
const loadQuoteSchema = () =>
  import('@toolworks/contract/quotes').then((module) => module.CreateQuoteSchema);

/** The buyer's saved details (My Profile), composed in by the app. */
export interface QuoteContactDefaults {
  userName: string;
  userPhone: string;
  userAddress: string;
}

interface RequestQuoteButtonProps {
  lines: QuoteLineDraft[];
  defaults?: QuoteContactDefaults;
  /** Open the form at once (the tool page's "Request a quote" leads here). */
  initiallyOpen?: boolean;
}

/**
 * "Request a quote" and its form: the lines (quantities may exceed the stock), a delivery date,
 * a message and where to deliver. For the purchase page (one line) and the cart (every line).
 */
export function RequestQuoteButton({
  lines,
  defaults,
  initiallyOpen = false,
}: RequestQuoteButtonProps) {
  const [open, setOpen] = useState(initiallyOpen);
  const firstField = useRef<HTMLInputElement>(null);
  const formId = useId();
  const request = useRequestQuote();
  const [quantities, setQuantities] = useState(() => lines.map((line) => String(line.quantity)));
  const [fields, setFields] = useState({
    requestedDeliveryDate: '',
    message: '',
    userName: defaults?.userName ?? '',
    userPhone: defaults?.userPhone ?? '',
    userAddress: defaults?.userAddress ?? '',
  });
  // The profile may arrive after the form: it fills what the buyer has not typed yet.
  const typed = useRef(new Set<string>());
  useEffect(() => {
    if (!defaults) return;
    setFields((current) => {
      const next = { ...current };
      for (const name of ['userName', 'userPhone', 'userAddress'] as const)
        if (!typed.current.has(name)) next[name] = defaults[name];
      return next;
    });
  }, [defaults]);
  // Opened on arrival: the keyboard and screen reader start in the form, not above it.
  useEffect(() => {
    if (initiallyOpen) firstField.current?.focus();
  }, [initiallyOpen]);
  useEffect(() => {
    if (open) void loadQuoteSchema();
  }, [open]);
  const [errors, setErrors] = useState<Errors>({});
  const set = (name: keyof typeof fields) => (value: string) => {
    typed.current.add(name);
    setFields((current) => ({ ...current, [name]: value }));
  };

  const submit = useSubmitOnce(async () => {
    const { userName, ...rest } = fields;
    const body: CreateQuoteInput = {
      items: lines.map((line, i) => ({
        toolId: line.toolId,
        quantity: quantities[i]?.trim() ? Number(quantities[i]) : Number.NaN,
      })),
      ...rest,
      ...(userName.trim() && { userName }),
    };
    const parsed = (await loadQuoteSchema()).safeParse(body);
    if (!parsed.success) {
      setErrors(Object.fromEntries(parsed.error.issues.map((i) => [i.path.join('.'), i.message])));
      return;
    }
    setErrors({});
    // Awaited, so the form takes no second submit until the answer.
    await request.mutateAsync(body).catch((error: Error) => setErrors({ form: error.message }));
  });

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
                  ref={i === 0 ? firstField : undefined}
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
          <FormField label="Name for the quote" error={errors.userName}>
            {(a) => (
              <input
                {...a}
                className="input"
                autoComplete="name"
                value={fields.userName}
                onChange={(e) => set('userName')(e.target.value)}
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
