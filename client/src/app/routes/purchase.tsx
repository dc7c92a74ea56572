import { Navigate, useLocation, useParams, useSearchParams } from 'react-router-dom';
import { useContactDefaults } from '@/app/contact-defaults';
import { PageLoader } from '@/components/ui/page-loader';
import { paths } from '@/config/paths';
import { AddToCartButton } from '@/features/cart';
import { PurchasePage } from '@/features/purchase/components/purchase-page';
import type { RenderCartAction } from '@/features/purchase/components/purchase-form';
import { RequestQuoteButton } from '@/features/quotes/components/request-quote-button';
import { useSession } from '@/lib/session';

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
  return (
    <PurchasePage
      toolId={id}
      buyer={{ name: user.displayName ?? '', email: user.email }}
      renderCartAction={addToCart}
      extra={(tool) => (
        <RequestQuoteButton
          lines={[{ toolId: tool._id, name: tool.name, quantity: tool.MinimumOrderQuantity }]}
          defaults={contact}
          initiallyOpen={search.get('quote') === 'open'}
        />
      )}
    />
  );
}
