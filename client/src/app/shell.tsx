import { AppLayout } from '@/components/layout/app-layout';
import { CartBadge, CartMerge } from '@/features/cart';

/** The site shell with the cart composed in: the badge in the header, the sign-in merge. */
export function Shell() {
  return <AppLayout navExtra={<CartBadge />} extras={<CartMerge />} />;
}
