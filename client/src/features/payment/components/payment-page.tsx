import type { Order } from '@toolworks/contract/orders';
import { lazy, Suspense, useEffect, useState } from 'react';
import { ErrorState } from '@/components/ui/error-state';
import { OrderLoadState } from '@/components/ui/order-load-state';
import { ApiError } from '@/lib/api-client';
import { useOrder } from '@/lib/get-order';
import { usePaymentConfig } from '../api/get-payment-config';
import { usePaymentIntent } from '../api/create-payment-intent';
import type { Payer } from './card-form-parts';
import { AlreadyPaid, PaymentSucceeded } from './payment-outcome';
import { closedReason, PaymentClosed } from './payment-closed';
import { PaymentSummary } from './payment-summary';
import { TestCardForm } from './test-card-form';
import './payment.css';

// Stripe's libraries are their own chunk, loaded only when the shop uses Stripe.
const StripeCardForm = lazy(() => import('./stripe-card-form'));

function CardFormSkeleton() {
  return (
    <div role="status" className="card-form-skeleton">
      <span className="visually-hidden">Loading the card form…</span>
      <div className="skeleton" style={{ height: '2.75rem' }} />
      <div className="skeleton" style={{ height: '2.75rem', width: '60%' }} />
    </div>
  );
}

interface CardFormProps {
  order: Order;
  payer: Payer;
  onPaid: (transactionId: string) => void;
  /** The order changed on the server (paid in another tab, or by the webhook). Stable. */
  onStale: () => unknown;
}

function CardForm({ order, payer, onPaid, onStale }: CardFormProps) {
  const config = usePaymentConfig();
  const intent = usePaymentIntent(order._id, true);
  const paidMeanwhile = intent.error instanceof ApiError && intent.error.status === 409;

  useEffect(() => {
    if (paidMeanwhile) void onStale();
  }, [paidMeanwhile, onStale]);

  if (config.isPending) return <CardFormSkeleton />;
  if (config.isError) {
    return (
      <ErrorState
        title="We couldn't load the card form."
        message={config.error.message}
        onRetry={() => void config.refetch()}
      />
    );
  }
  if (intent.isError && !paidMeanwhile) {
    return (
      <ErrorState
        title="We couldn't prepare your payment."
        message={intent.error.message}
        onRetry={() => void intent.refetch()}
        retrying={intent.isFetching}
      />
    );
  }
  const props = { clientSecret: intent.data?.clientSecret, payer, onPaid };
  if (config.data.gateway === 'test') return <TestCardForm {...props} />;
  // One way to set the key: the server's STRIPE_PUBLISHABLE_KEY, handed out by /payments/config.
  const publishableKey = config.data.publishableKey;
  if (!publishableKey) {
    return (
      <ErrorState
        title="Card payments are not set up."
        message="The shop has no Stripe publishable key configured."
      />
    );
  }
  return (
    <Suspense fallback={<CardFormSkeleton />}>
      <StripeCardForm publishableKey={publishableKey} {...props} />
    </Suspense>
  );
}

export function PaymentPage({ orderId, payer }: { orderId: string; payer: Payer }) {
  const order = useOrder(orderId);
  const [transactionId, setTransactionId] = useState<string | null>(null);

  if (!order.isSuccess) {
    return (
      <OrderLoadState
        order={order}
        heading="Payment"
        headingId="payment-title"
        className="payment-page stack"
        missing={{
          title: 'Order not found.',
          text: 'It may have been cancelled, or it belongs to another account.',
          statuses: [400, 404],
        }}
      />
    );
  }

  const { data } = order;
  const name = payer.name || data.userName || payer.email;
  const ownOrder = data.userEmail.toLowerCase() === payer.email.toLowerCase();
  const paid = transactionId !== null || data.isPaid;
  const closed = paid ? null : closedReason(data);
  return (
    <section className="payment-page" aria-labelledby="payment-title">
      <title>{`Pay for ${data.name} · Toolworks`}</title>
      <header className="payment-header">
        <p className="eyebrow">Payment</p>
        <h1 id="payment-title">Hello, {name}</h1>
        <p className="lead">
          {paid
            ? `Order ${data.number} is paid. Thank you!`
            : closed
              ? `Order ${data.number} can no longer be paid.`
              : `Please pay for ${data.name}`}
        </p>
      </header>
      <div className="payment-layout">
        <PaymentSummary order={data} />
        <div className="card payment-card">
          <div className="card-body">
            <h2 className="payment-card-title">
              {paid ? 'Paid' : closed ? 'Not payable' : 'Pay by card'}
            </h2>
            {transactionId ? (
              <PaymentSucceeded orderId={data._id} transactionId={transactionId} />
            ) : data.isPaid ? (
              <AlreadyPaid order={data} />
            ) : closed ? (
              <PaymentClosed order={data} reason={closed} />
            ) : !ownOrder ? (
              <p className="alert alert-info">
                Only the customer who placed this order can pay for it.
              </p>
            ) : (
              <CardForm
                order={data}
                payer={payer}
                onPaid={setTransactionId}
                onStale={order.refetch}
              />
            )}
          </div>
        </div>
      </div>
    </section>
  );
}
