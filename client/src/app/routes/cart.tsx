import { useCallback } from 'react';
import { useContactDefaults } from '@/app/contact-defaults';
import { CartPage, type CartActionLine } from '@/features/cart/components/cart-page';
import { RequestQuoteButton } from '@/features/quotes/components/request-quote-button';
import { useSession } from '@/lib/session';

// Open to visitors: their cart lives in the browser until they sign in.
export function Component() {
  const { user } = useSession();
  const { defaults: contact } = useContactDefaults(user?.email ?? '', user?.displayName ?? '');
  // The quote request sees the lines as typed now; a new set of lines is a new form.
  const requestQuote = useCallback(
    (lines: CartActionLine[]) => (
      <RequestQuoteButton
        key={lines.map((line) => `${line.toolId}:${line.quantity}`).join(',')}
        lines={lines}
        defaults={contact}
      />
    ),
    [contact],
  );
  return <CartPage renderExtra={requestQuote} />;
}
