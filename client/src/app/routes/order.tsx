import { Navigate, useLocation, useParams } from 'react-router-dom';
import { NotFoundState, isWellFormedId } from '@/components/ui/not-found-state';
import { PageLoader } from '@/components/ui/page-loader';
import { paths } from '@/config/paths';
import { OrderPage } from '@/features/orders/components/order-page';
import { useSession } from '@/lib/session';

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
        title="Order"
        message="We couldn't find this order."
        detail="The link may be wrong, or the order belongs to another account."
        back={{ to: paths.dashboard.root, label: 'Back to your dashboard' }}
      />
    );
  return <OrderPage key={id} orderId={id} email={user.email} />;
}
