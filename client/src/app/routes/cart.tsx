import { CartPage } from '@/features/cart';

// Open to visitors: their cart lives in the browser until they sign in.
export function Component() {
  return <CartPage />;
}
