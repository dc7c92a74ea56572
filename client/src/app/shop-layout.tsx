import { AppLayout } from '@/components/layout/app-layout';
import { AccountNoticeBanner } from '@/features/auth';

/** The shell with the account notice (verify your email...) above every page. */
export function ShopLayout() {
  return (
    <>
      <AccountNoticeBanner />
      <AppLayout />
    </>
  );
}
