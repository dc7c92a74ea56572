import type { Order } from '@toolworks/contract/orders';
import { useEffect, useRef } from 'react';
import { Link } from 'react-router-dom';
import { paths } from '@/config/paths';
import { useMarkOrderPaid } from '../api/mark-order-paid';

/**
 * Shown once the card payment succeeded: the spec's message with the transaction id, then the
 * order update (PATCH /order/{id}) so My Orders shows it paid. If that update fails the payment
 * still stands (Stripe's webhook records it too), and the payer can simply try again.
 */
export function PaymentSucceeded({
  orderId,
  transactionId,
}: {
  orderId: string;
  transactionId: string;
}) {
  const markPaid = useMarkOrderPaid();
  const { mutate } = markPaid;
  const messageRef = useRef<HTMLDivElement>(null);
  const sent = useRef(false);

  useEffect(() => {
    // Once per payment, also under StrictMode's double effects (a repeat would be harmless).
    if (sent.current) return;
    sent.current = true;
    mutate({ orderId, transactionId });
  }, [mutate, orderId, transactionId]);

  // The form the payer was in is gone: bring focus to what replaced it. The header says the
  // order is paid; this says it once more with the id, and nothing else repeats it.
  useEffect(() => messageRef.current?.focus(), []);

  return (
    <div className="payment-outcome stack">
      <div ref={messageRef} tabIndex={-1} className="alert alert-success" role="status">
        <p className="alert-title">
          Congrats! Your payment is completed. TransactionID is:{' '}
          <span className="transaction-id">{transactionId}</span>
        </p>
        {markPaid.isPending ? <p>Recording the payment on your order…</p> : null}
      </div>
      {markPaid.isError ? (
        <div className="alert alert-error" role="alert">
          <p className="alert-title">
            Your payment went through, but your order could not be updated yet.
          </p>
          <p>{markPaid.error.message}</p>
          <button
            type="button"
            className="btn btn-secondary btn-sm"
            onClick={() => mutate({ orderId, transactionId })}
          >
            Try again
          </button>
        </div>
      ) : null}
      <Link className="btn btn-dark" to={paths.dashboard.myOrders}>
        Go to My Orders
      </Link>
    </div>
  );
}

export function AlreadyPaid({ order }: { order: Order }) {
  return (
    <div className="payment-outcome stack">
      <div className="alert alert-success">
        <p className="alert-title">This order is paid.</p>
        <p>
          TransactionID is:{' '}
          <span className="transaction-id">{order.transactionId ?? 'not recorded'}</span>
        </p>
      </div>
      <Link className="btn btn-dark" to={paths.dashboard.myOrders}>
        Go to My Orders
      </Link>
    </div>
  );
}
