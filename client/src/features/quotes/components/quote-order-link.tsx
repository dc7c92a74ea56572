import type { Quote } from '@toolworks/contract/quotes';
import { Link } from 'react-router-dom';
import { paths } from '@/config/paths';

/** An accepted quote's link to the order it became (My Quotes and the admin's Quotes page). */
export function QuoteOrderLink({ quote }: { quote: Pick<Quote, 'status' | 'orderId' | 'number'> }) {
  if (quote.status !== 'accepted' || !quote.orderId) return null;
  return (
    <p>
      <Link to={paths.dashboard.order(quote.orderId)}>See the order for quote {quote.number}</Link>
    </p>
  );
}
