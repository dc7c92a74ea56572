import { Link } from 'react-router-dom';
import { paths } from '@/config/paths';
import { formatCount, formatPrice } from '@/lib/format';
import type { CheckoutProblem } from '../checkout-errors';

/** Why the order was not placed, and the way on: confirm the new total, or fix the cart. */
export function CheckoutProblemAlert({ problem }: { problem: CheckoutProblem }) {
  if (problem.kind === 'price') {
    return (
      <div className="alert alert-info" role="alert">
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
      <div className="alert alert-error" role="alert">
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
    <div className="alert alert-error" role="alert">
      <p className="alert-title">Your order was not placed.</p>
      <p>{problem.message}</p>
    </div>
  );
}
