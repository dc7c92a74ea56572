import { AppLayout } from '@/components/layout/app-layout';
import { AccountNoticeBanner } from '@/features/auth';
import { CartBadge, CartMerge } from '@/features/cart';
import { SiteSearch } from '@/features/catalogue/components/site-search';

/**
 * The site shell with the features that live on every page composed in: the account notice
 * (verify your email...) above the header, the cart badge and the search in the header and the
 * sign-in cart merge.
 */
export function Shell() {
  return (
    <AppLayout
      notice={<AccountNoticeBanner />}
      navExtra={<CartBadge />}
      extras={<CartMerge />}
      search={(onDone) => <SiteSearch label="Site" onDone={onDone} />}
    />
  );
}
