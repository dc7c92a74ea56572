import { AppLayout } from '@/components/layout/app-layout';
import { AccountNoticeBanner } from '@/features/auth';
import { CartBadge, CartMerge } from '@/features/cart';

/**
 * The site shell with the features that live on every page composed in: the account notice
 * (verify your email...) above it, the cart badge in the header and the sign-in cart merge.
 */
export function Shell() {
  return (
    <>
      <AccountNoticeBanner />
      <AppLayout navExtra={<CartBadge />} extras={<CartMerge />} />
    </>
  );
}
