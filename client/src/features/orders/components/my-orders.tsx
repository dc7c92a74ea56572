import type { Order } from '@toolworks/contract/orders';
import { useEffect, useRef, useState } from 'react';
import { Link, useNavigate } from 'react-router-dom';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { ErrorState } from '@/components/ui/error-state';
import { useOrderAgain } from '@/lib/order-again';
import { ToastRegion, useToast } from '@/components/ui/toast';
import { paths } from '@/config/paths';
import { formatCount, formatPrice } from '@/lib/format';
import { useCancelOrder } from '../api/cancel-order';
import { useMyOrders } from '../api/get-my-orders';
import { OrderCard, OrderCardSkeleton } from './order-card';
import './orders.css';

// Says what the button does: the order is cancelled (and stays listed), not deleted.
export const CANCEL_QUESTION = 'Cancel this order?';
export const CANCEL_CONFIRM = 'Yes, cancel the order';
export const CANCEL_KEEP = 'No, keep it';

export function MyOrders({ email }: { email: string }) {
  const orders = useMyOrders(email);
  const cancel = useCancelOrder(email);
  const orderAgain = useOrderAgain();
  const navigate = useNavigate();
  const { toast, show, dismiss } = useToast();
  const [pending, setPending] = useState<Order | null>(null);
  const headingRef = useRef<HTMLHeadingElement>(null);
  const focusHeadingOnClose = useRef(false);

  // The card that opened the dialog is gone, so focus lands on the heading instead; in an effect,
  // because the page stays inert until the dialog has closed.
  useEffect(() => {
    if (pending || !focusHeadingOnClose.current) return;
    focusHeadingOnClose.current = false;
    headingRef.current?.focus();
  }, [pending]);

  const confirmCancel = () => {
    if (!pending) return;
    cancel.mutate(pending._id, {
      onSuccess: () => {
        setPending(null);
        focusHeadingOnClose.current = true;
        show('Your order was cancelled.');
      },
      onError: (error) => {
        setPending(null);
        show(error.message, 'error');
      },
    });
  };

  return (
    <section className="my-orders" aria-labelledby="my-orders-title">
      <title>My Orders · Toolworks</title>
      <header className="my-orders-header">
        <h1 id="my-orders-title" ref={headingRef} tabIndex={-1}>
          My Orders
        </h1>
        {orders.data?.length ? (
          <p className="muted">
            {orders.data.length === 1 ? '1 order' : `${orders.data.length} orders`}, newest first
          </p>
        ) : null}
      </header>

      {orders.isPending ? (
        <div role="status" className="orders-grid">
          <span className="visually-hidden">Loading your orders…</span>
          <OrderCardSkeleton />
          <OrderCardSkeleton />
        </div>
      ) : orders.isError ? (
        <ErrorState
          title="We couldn't load your orders."
          message={orders.error.message}
          onRetry={() => void orders.refetch()}
          retrying={orders.isFetching}
        />
      ) : orders.data.length === 0 ? (
        <div className="alert alert-info orders-empty">
          <p className="alert-title">You have no orders yet.</p>
          <p>Pick a tool from the catalogue and choose Purchase to place your first order.</p>
          <Link className="btn btn-dark btn-sm" to={paths.home}>
            Browse the catalogue
          </Link>
        </div>
      ) : (
        <ul className="orders-grid">
          {orders.data.map((order) => (
            <li key={order._id}>
              <OrderCard
                order={order}
                onCancel={setPending}
                onPay={(o) => void navigate(paths.dashboard.payment(o._id))}
                onOrderAgain={(o) =>
                  orderAgain.mutate(o, { onError: (error) => show(error.message, 'error') })
                }
                orderingAgain={orderAgain.isPending && orderAgain.variables._id === order._id}
              />
            </li>
          ))}
        </ul>
      )}

      <ConfirmDialog
        open={pending !== null}
        title={CANCEL_QUESTION}
        confirmLabel={CANCEL_CONFIRM}
        cancelLabel={CANCEL_KEEP}
        busy={cancel.isPending}
        onConfirm={confirmCancel}
        onCancel={() => setPending(null)}
      >
        {pending ? (
          <p>
            Order {pending.number} ({formatCount(pending.quantity)} items,{' '}
            {formatPrice(pending.price)}) will be cancelled and its stock released.
          </p>
        ) : null}
      </ConfirmDialog>
      <ToastRegion toast={toast} onDismiss={dismiss} />
    </section>
  );
}
