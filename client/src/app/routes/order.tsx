import { Navigate, useLocation, useParams } from 'react-router-dom';
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
  return <OrderPage key={id} orderId={id} email={user.email} />;
}
