import type { Quote } from '@toolworks/contract/quotes';
import type { ReactNode } from 'react';
import { formatCount, formatPrice } from '@/lib/format';

/**
 * A quote's lines as a table; `priceCell` lets the admin page put inputs in the offer column.
 * Lines that carry the stock (the admins' list) get an In stock column, a short line flagged.
 */
export function QuoteLines({
  quote,
  priceCell,
  lineDetails,
}: {
  quote: Quote;
  priceCell?: (line: Quote['items'][number], index: number) => ReactNode;
  /** Shown under the tool's name (the admins' price explanation). */
  lineDetails?: (line: Quote['items'][number]) => ReactNode;
}) {
  const withStock = quote.items.some((line) => line.availableQuantity !== undefined);
  return (
    // Narrow screens scroll the table sideways; without inputs inside, the keyboard needs the
    // scroller itself to be focusable (and named) to scroll it.
    <div
      className="quote-lines-wrap"
      {...(!priceCell && {
        tabIndex: 0,
        role: 'region',
        'aria-label': `Lines of quote ${quote.number}`,
      })}
    >
      <table className="quote-lines table-stacked">
        <caption className="visually-hidden">Lines of quote {quote.number}</caption>
        <thead>
          <tr>
            <th scope="col">Tool</th>
            <th scope="col">Quantity</th>
            {withStock ? <th scope="col">In stock</th> : null}
            <th scope="col">List price</th>
            <th scope="col">Offered price</th>
          </tr>
        </thead>
        <tbody>
          {quote.items.map((line, index) => (
            <tr key={line.toolId}>
              <td data-label="Tool">
                {line.name}
                {lineDetails?.(line)}
              </td>
              <td data-label="Quantity">{formatCount(line.quantity)}</td>
              {withStock ? (
                <td data-label="In stock">
                  <StockCell quantity={line.quantity} stock={line.availableQuantity ?? 0} />
                </td>
              ) : null}
              <td data-label="List price">{formatPrice(line.listUnitPrice)}</td>
              <td data-label="Offered price">
                {priceCell
                  ? priceCell(line, index)
                  : line.unitPrice === undefined
                    ? '—'
                    : formatPrice(line.unitPrice)}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

export function QuoteStatusBadge({ status }: { status: Quote['status'] }) {
  return <span className={`quote-status quote-status-${status}`}>{status}</span>;
}

function StockCell({ quantity, stock }: { quantity: number; stock: number }) {
  if (quantity <= stock) return <>{formatCount(stock)}</>;
  return (
    <span className="quote-short">
      {formatCount(stock)} (short by {formatCount(quantity - stock)})
    </span>
  );
}
