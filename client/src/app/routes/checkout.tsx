import { Navigate, useLocation } from 'react-router-dom';
import { PageLoader } from '@/components/ui/page-loader';
import { paths } from '@/config/paths';
import { CheckoutPage, type CheckoutDefaults } from '@/features/cart/components/checkout-page';
import { useProfile } from '@/features/profile/api/get-profile';
import type { Profile } from '@toolworks/contract/profiles';
import { useSession } from '@/lib/session';

/** My Profile's details as checkout's starting values: the default delivery address first. */
function toDefaults(profile: Profile | null | undefined, displayName: string): CheckoutDefaults {
  const region = [profile?.state, profile?.postal_code].filter(Boolean).join(' ');
  const postal = [profile?.street_address, profile?.city, region, profile?.country]
    .filter(Boolean)
    .join(', ');
  return {
    userName: profile?.name || displayName,
    userPhone: profile?.phone ?? '',
    userAddress: profile?.delivery_address || postal,
  };
}

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
      defaults={toDefaults(profile.data, user.displayName ?? '')}
    />
  );
}
