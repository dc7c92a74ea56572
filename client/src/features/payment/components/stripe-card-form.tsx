import { CardElement, Elements, useElements, useStripe } from '@stripe/react-stripe-js';
// The pure entry adds no script tag on import: Stripe.js is fetched only when loadStripe runs.
import { loadStripe } from '@stripe/stripe-js/pure';
import type { Stripe, StripeCardElementOptions } from '@stripe/stripe-js';
import { useEffect, useState } from 'react';
import { useSubmitOnce } from '@/lib/submit-once';
import { CardError, PayButton, type CardFormProps } from './card-form-parts';

const LOAD_FAILED = "Stripe's card form could not load. Check your connection and reload the page.";

// One Stripe.js per key for the whole visit; a failure is turned into null so that <Elements>
// never sees a rejected promise, and the form says what happened instead.
const loaded = new Map<string, Promise<Stripe | null>>();
function stripeFor(publishableKey: string): Promise<Stripe | null> {
  let promise = loaded.get(publishableKey);
  if (!promise) {
    promise = loadStripe(publishableKey).catch(() => {
      loaded.delete(publishableKey);
      return null;
    });
    loaded.set(publishableKey, promise);
  }
  return promise;
}

const cardOptions: StripeCardElementOptions = {
  style: {
    base: { fontSize: '16px', color: '#0b1626', '::placeholder': { color: '#4a5a6e' } },
    invalid: { color: '#b42318' },
  },
};

function StripeForm({
  clientSecret,
  payer,
  onPaid,
  loadFailed,
}: CardFormProps & { loadFailed: boolean }) {
  const stripe = useStripe();
  const elements = useElements();
  const [cardReady, setCardReady] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const pay = useSubmitOnce(async () => {
    const card = elements?.getElement(CardElement);
    if (!stripe || !card || !clientSecret) return;
    setBusy(true);
    setError(null);
    // As the spec: a payment method from the card entry, then the card payment confirmed with it.
    const created = await stripe.createPaymentMethod({
      type: 'card',
      card,
      billing_details: { name: payer.name, email: payer.email },
    });
    if (created.error) {
      setError(created.error.message ?? 'Your card could not be used.');
      setBusy(false);
      return;
    }
    const confirmed = await stripe.confirmCardPayment(clientSecret, {
      payment_method: created.paymentMethod.id,
    });
    setBusy(false);
    if (confirmed.error) setError(confirmed.error.message ?? 'Your payment was not completed.');
    else if (confirmed.paymentIntent.status === 'succeeded') onPaid(confirmed.paymentIntent.id);
    else setError('Your payment was not completed. Please try again.');
  });

  return (
    <form className="card-form" noValidate onSubmit={pay} aria-label="Card details">
      <div className="field">
        <span className="label" id="stripe-card-label">
          Card
        </span>
        <div className="stripe-card" role="group" aria-labelledby="stripe-card-label">
          <CardElement
            options={cardOptions}
            onReady={() => setCardReady(true)}
            onChange={(change) => setError(change.error?.message ?? null)}
          />
        </div>
      </div>
      <CardError id="card-error" message={loadFailed ? LOAD_FAILED : error} />
      <PayButton disabled={!stripe || !elements || !cardReady || !clientSecret} busy={busy} />
    </form>
  );
}

/** Stripe's own card form (a lazy chunk: Stripe's libraries load only when Stripe is in use). */
export default function StripeCardForm({
  publishableKey,
  ...props
}: CardFormProps & { publishableKey: string }) {
  const [stripePromise] = useState(() => stripeFor(publishableKey));
  const [loadFailed, setLoadFailed] = useState(false);

  useEffect(() => {
    let active = true;
    void stripePromise.then((stripe) => {
      if (active && !stripe) setLoadFailed(true);
    });
    return () => {
      active = false;
    };
  }, [stripePromise]);

  return (
    <Elements stripe={stripePromise}>
      <StripeForm {...props} loadFailed={loadFailed} />
    </Elements>
  );
}
