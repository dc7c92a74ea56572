import { CartPage, type CartActionLine } from '@/features/cart/components/cart-page';
import { RequestQuoteButton } from '@/features/quotes/components/request-quote-button';

// The quote request sees the lines as they are now; a new set of lines is a new form.
const requestQuote = (lines: CartActionLine[]) => (
  <RequestQuoteButton
    key={lines.map((line) => `${line.toolId}:${line.quantity}`).join(',')}
    lines={lines}
  />
);

// Open to visitors: their cart lives in the browser until they sign in.
export function Component() {
  return <CartPage renderExtra={requestQuote} />;
}
