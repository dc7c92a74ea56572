import { Navigate, useLocation } from 'react-router-dom';
import { PageLoader } from '@/components/ui/page-loader';
import { paths } from '@/config/paths';
import { CheckoutPage } from '@/features/cart/components/checkout-page';
import { profileDefaults } from '../profile-defaults';
import { useProfile } from '@/features/profile/api/get-profile';
import { useSession } from '@/lib/session';

// The cart and profile features meet here; the router guards this page for signed-in users.
export function Component() {
  const location = useLocation();
  const { status, user } = useSession();
  const profile = useProfile(user?.email ?? '');
  if (status === 'loading') return <PageLoader />;
  if (!user) return <Navigate to={paths.login} replace state={{ from: location }} />;
  // A profile that cannot be read only means typing the details by hand.
  if (profile.isPending && profile.fetchStatus !== 'idle') return <PageLoader />;
  return (
    <CheckoutPage
      key={user.email}
      email={user.email}
      defaults={profileDefaults(profile.data, user.displayName ?? '')}
    />
  );
}
