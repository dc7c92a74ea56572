import { Navigate, useLocation, useParams, useSearchParams } from 'react-router-dom';
import { PageLoader } from '@/components/ui/page-loader';
import { paths } from '@/config/paths';
import { AddToCartButton } from '@/features/cart';
import { PurchasePage } from '@/features/purchase/components/purchase-page';
import type { RenderCartAction } from '@/features/purchase/components/purchase-form';
import { RequestQuoteButton } from '@/features/quotes/components/request-quote-button';
import { useSession } from '@/lib/session';
import { useContactDefaults } from '../contact-defaults';

const addToCart: RenderCartAction = (tool, quantity) => (
  <AddToCartButton tool={tool} quantity={quantity} />
);

// The router guards this page for signed-in users; the fallbacks only cover the moment the
// session is still being restored, or a router that lost its guard.
export function Component() {
  const { id = '' } = useParams();
  const location = useLocation();
  const { status, user } = useSession();
  // `?quote=open`: the tool page's "Request a quote" asks for the form open on arrival.
  const [search] = useSearchParams();
  const contact = useContactDefaults(user?.email ?? '', user?.displayName ?? '');
  if (status === 'loading') return <PageLoader />;
  if (!user) return <Navigate to={paths.login} replace state={{ from: location }} />;
  // As checkout: My Profile's details fill both forms; an unreadable profile means typing them.
  if (contact.loading) return <PageLoader />;
  const { defaults } = contact;
  return (
    <PurchasePage
      toolId={id}
      buyer={{
        name: defaults.userName,
        email: user.email,
        phone: defaults.userPhone,
        address: defaults.userAddress,
        country: contact.country,
      }}
      renderCartAction={addToCart}
      extra={(tool) => (
        <RequestQuoteButton
          lines={[{ toolId: tool._id, name: tool.name, quantity: tool.MinimumOrderQuantity }]}
          defaults={defaults}
          initiallyOpen={search.get('quote') === 'open'}
        />
      )}
    />
  );
}
