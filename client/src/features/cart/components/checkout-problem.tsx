import type { Ref } from 'react';
import { Link } from 'react-router-dom';
import { paths } from '@/config/paths';
import { formatCount, formatPrice } from '@/lib/format';
import type { CheckoutProblem } from '../checkout-errors';

/** Why the order was not placed, and the way on: confirm the new total, or fix the cart. */
export function CheckoutProblemAlert({
  problem,
  onPayByCard,
  ref,
}: {
  problem: CheckoutProblem;
  /** The page focuses the alert and brings it into view: it sits above the form. */
  ref?: Ref<HTMLDivElement>;
  /** Offered when the company's credit limit refused the order on invoice. */
  onPayByCard?: () => void;
}) {
  if (problem.kind === 'credit') {
    return (
      <div className="alert alert-error" role="alert" tabIndex={-1} ref={ref}>
        <p className="alert-title">Your company&apos;s credit limit does not cover this order.</p>
        <p>{problem.message}</p>
        {onPayByCard ? (
          <button type="button" className="btn btn-secondary btn-sm" onClick={onPayByCard}>
            Pay by card instead
          </button>
        ) : null}
      </div>
    );
  }
  if (problem.kind === 'price') {
    return (
      <div className="alert alert-info" role="alert" tabIndex={-1} ref={ref}>
        <p className="alert-title">The prices have changed.</p>
        <p>
          The total is now <strong>{formatPrice(problem.total)}</strong>. Check the lines and place
          the order again to accept it.
        </p>
      </div>
    );
  }
  if (problem.kind === 'stock') {
    return (
      <div className="alert alert-error" role="alert" tabIndex={-1} ref={ref}>
        <p className="alert-title">Some tools are no longer in stock in these quantities.</p>
        {problem.lines.length > 0 ? (
          <ul>
            {problem.lines.map((line) => (
              <li key={line.toolId}>
                {line.name}: {formatCount(line.availableQuantity)} available
              </li>
            ))}
          </ul>
        ) : (
          <p>{problem.message}</p>
        )}
        <Link className="btn btn-secondary btn-sm" to={paths.cart}>
          Fix my cart
        </Link>
      </div>
    );
  }
  return (
    <div className="alert alert-error" role="alert" tabIndex={-1} ref={ref}>
      <p className="alert-title">Your order was not placed.</p>
      <p>{problem.message}</p>
    </div>
  );
}
