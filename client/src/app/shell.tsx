import { AppLayout } from '@/components/layout/app-layout';
import { AccountNoticeBanner } from '@/features/auth';
import { CartBadge, CartMerge } from '@/features/cart';

/**
 * The site shell with the features that live on every page composed in: the account notice
 * (verify your email...) above the header, the cart badge in the header and the sign-in cart merge.
 */
export function Shell() {
  return (
    <AppLayout notice={<AccountNoticeBanner />} navExtra={<CartBadge />} extras={<CartMerge />} />
  );
}
