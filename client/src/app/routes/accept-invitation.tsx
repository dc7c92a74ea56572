import { Navigate, useLocation, useParams } from 'react-router-dom';
import { PageLoader } from '@/components/ui/page-loader';
import { paths } from '@/config/paths';
import { AcceptInvitation } from '@/features/companies/components/accept-invitation';
import { useSession } from '@/lib/session';

// The router guards this page: a visitor signs in (or signs up) and comes back here.
export function Component() {
  const { token = '' } = useParams();
  const location = useLocation();
  const { status, user } = useSession();
  if (status === 'loading') return <PageLoader />;
  if (!user) return <Navigate to={paths.login} replace state={{ from: location }} />;
  return <AcceptInvitation key={`${token}:${user.email}`} token={token} email={user.email} />;
}
