import { Link } from 'react-router-dom';
import { paths } from '@/config/paths';
import { ApiError } from '@/lib/api-client';
import { ErrorState } from './error-state';
import { PageLoader } from './page-loader';

interface OrderQuery {
  isPending: boolean;
  error: Error | null;
  isFetching: boolean;
  refetch: () => unknown;
}

interface OrderLoadStateProps {
  /** The order query while it is not a success (pending or failed). */
  order: OrderQuery;
  /** The page's heading while there is no order to name ("Order", "Payment"). */
  heading: string;
  headingId: string;
  className: string;
  /** What a wrong, foreign or gone order says: the page's own words. */
  missing: { title: string; text: string; statuses: number[] };
}

/**
 * The order page's and the payment page's state before an order is on screen: the loader, a
 * "not found" with the way back to My Orders, or the error with Try again.
 */
export function OrderLoadState({
  order,
  heading,
  headingId,
  className,
  missing,
}: OrderLoadStateProps) {
  if (order.isPending || !order.error) return <PageLoader />;
  const { error } = order;
  const notFound = error instanceof ApiError && missing.statuses.includes(error.status);
  return (
    <section className={className} aria-labelledby={headingId}>
      <title>{`${heading} · Toolworks`}</title>
      <h1 id={headingId}>{heading}</h1>
      {notFound ? (
        <div className="alert alert-info">
          <p className="alert-title">{missing.title}</p>
          <p>{missing.text}</p>
          <Link className="btn btn-secondary btn-sm" to={paths.dashboard.myOrders}>
            Back to My Orders
          </Link>
        </div>
      ) : (
        <ErrorState
          title="We couldn't load this order."
          message={error.message}
          onRetry={() => void order.refetch()}
          retrying={order.isFetching}
        />
      )}
    </section>
  );
}
