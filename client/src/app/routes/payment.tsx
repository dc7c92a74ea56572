import { Navigate, useLocation, useParams } from 'react-router-dom';
import { NotFoundState, isWellFormedId } from '@/components/ui/not-found-state';
import { PageLoader } from '@/components/ui/page-loader';
import { paths } from '@/config/paths';
import { PaymentPage } from '@/features/payment/components/payment-page';
import { useSession } from '@/lib/session';

// The dashboard is guarded for signed-in users; the fallbacks only cover the moment the session
// is still being restored.
export function Component() {
  const { id = '' } = useParams();
  const location = useLocation();
  const { status, user } = useSession();
  if (status === 'loading') return <PageLoader />;
  if (!user) return <Navigate to={paths.login} replace state={{ from: location }} />;
  // Not a shop id at all: nothing to ask the server about.
  if (!isWellFormedId(id))
    return (
      <NotFoundState
        title="Payment"
        message="Order not found."
        detail="The link may be wrong, or the order belongs to another account."
        back={{ to: paths.dashboard.root, label: 'Back to your dashboard' }}
      />
    );
  // Keyed by order, so a payment's outcome never carries over to another order's page.
  return (
    <PaymentPage
      key={id}
      orderId={id}
      payer={{ name: user.displayName ?? '', email: user.email }}
    />
  );
}
