import { useLocation } from 'react-router-dom';
import { orderAgainReport } from '@/lib/order-again';

/**
 * After "Order again": which of the order's lines are in the cart at today's prices, and each
 * line that is not as it was ordered (no longer sold, sold out, quantity changed), named.
 */
export function OrderAgainNotice() {
  const report = orderAgainReport(useLocation().state);
  if (!report) return null;
  const added = report.lines.filter((line) => line.status !== 'refused').length;
  const notes = report.lines.filter((line) => line.status !== 'added');
  return (
    <div role="status" className="alert alert-info cart-order-again">
      <p className="alert-title">
        {added === 0
          ? `None of the tools of order ${report.orderNumber} can be ordered now.`
          : `The tools of order ${report.orderNumber} are in your cart at today's prices.`}
      </p>
      {notes.length > 0 ? (
        <ul aria-label="Lines not added as ordered">
          {notes.map((line) => (
            <li key={line.toolId}>
              <strong>{line.orderedName}</strong>:{' '}
              {line.status === 'refused' ? `not added. ${line.message}.` : `${line.message}.`}
            </li>
          ))}
        </ul>
      ) : null}
    </div>
  );
}
