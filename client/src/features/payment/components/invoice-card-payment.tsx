import type { TermsInvoice } from '@toolworks/contract/invoices';
import { lazy, Suspense } from 'react';
import { ErrorState } from '@/components/ui/error-state';
import { formatPrice } from '@/lib/format';
import { usePaymentConfig } from '../api/get-payment-config';
import { useConfirmInvoiceCardPayment, useInvoiceCardIntent } from '../api/pay-invoice-by-card';
import type { Payer } from './card-form-parts';
import { TestCardForm } from './test-card-form';
import './payment.css';

const StripeCardForm = lazy(() => import('./stripe-card-form'));

interface InvoiceCardPaymentProps {
  number: string;
  payer: Payer;
  /** The invoice as it stands once the payment is recorded. */
  onPaid: (invoice: TermsInvoice) => void;
}

/**
 * An open invoice's whole balance paid by card, with the gateway in use (the test gateway's form
 * or Stripe's); the server then records it against the invoice.
 */
export function InvoiceCardPayment({ number, payer, onPaid }: InvoiceCardPaymentProps) {
  const config = usePaymentConfig();
  const intent = useInvoiceCardIntent(number);
  const confirm = useConfirmInvoiceCardPayment();

  if (config.isError || intent.isError) {
    const error = config.error ?? intent.error;
    return (
      <ErrorState
        title="We couldn't prepare the card payment."
        message={error?.message ?? ''}
        onRetry={() => void (config.isError ? config.refetch() : intent.refetch())}
      />
    );
  }
  if (config.isPending || intent.isPending)
    return (
      <p role="status" className="muted">
        Preparing the card payment…
      </p>
    );

  const paid = (transactionId: string) =>
    confirm.mutate({ number, transactionId }, { onSuccess: onPaid });
  const props = { clientSecret: intent.data.clientSecret, payer, onPaid: paid };
  let form;
  if (config.data.gateway === 'test') form = <TestCardForm {...props} />;
  else if (config.data.publishableKey)
    form = (
      <Suspense fallback={<p className="muted">Loading the card form…</p>}>
        <StripeCardForm publishableKey={config.data.publishableKey} {...props} />
      </Suspense>
    );
  else
    form = (
      <ErrorState
        title="Card payments are not set up."
        message="The shop has no Stripe publishable key configured."
      />
    );
  return (
    <div className="stack">
      <p>
        Amount to pay: <strong>{formatPrice(intent.data.amount)}</strong>, the balance of invoice{' '}
        {number}.
      </p>
      {form}
      {confirm.isPending ? (
        <p role="status" className="muted">
          Recording your payment…
        </p>
      ) : null}
      {confirm.isError ? (
        <p role="alert" className="alert alert-error">
          {confirm.error.message}
        </p>
      ) : null}
    </div>
  );
}
