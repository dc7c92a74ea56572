import { Navigate, useLocation, useParams } from 'react-router-dom';
import { PageLoader } from '@/components/ui/page-loader';
import { paths } from '@/config/paths';
import { AddToCartButton } from '@/features/cart';
import { PurchasePage } from '@/features/purchase/components/purchase-page';
import type { RenderCartAction } from '@/features/purchase/components/purchase-form';
import { RequestQuoteButton } from '@/features/quotes/components/request-quote-button';
import { useProfile } from '@/features/profile/api/get-profile';
import { useSession } from '@/lib/session';
import { profileDefaults } from '../profile-defaults';

const addToCart: RenderCartAction = (tool, quantity) => (
  <AddToCartButton tool={tool} quantity={quantity} />
);

// The router guards this page for signed-in users; the fallbacks only cover the moment the
// session is still being restored, or a router that lost its guard.
export function Component() {
  const { id = '' } = useParams();
  const location = useLocation();
  const { status, user } = useSession();
  const profile = useProfile(user?.email ?? '');
  if (status === 'loading') return <PageLoader />;
  if (!user) return <Navigate to={paths.login} replace state={{ from: location }} />;
  // As checkout: My Profile's details fill the form; an unreadable profile means typing them.
  if (profile.isPending && profile.fetchStatus !== 'idle') return <PageLoader />;
  const defaults = profileDefaults(profile.data, user.displayName ?? '');
  return (
    <PurchasePage
      toolId={id}
      buyer={{
        name: defaults.userName,
        email: user.email,
        phone: defaults.userPhone,
        address: defaults.userAddress,
      }}
      renderCartAction={addToCart}
      extra={(tool) => (
        <RequestQuoteButton
          lines={[{ toolId: tool._id, name: tool.name, quantity: tool.MinimumOrderQuantity }]}
        />
      )}
    />
  );
}
