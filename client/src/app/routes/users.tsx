import { Navigate, useLocation } from 'react-router-dom';
import { PageLoader } from '@/components/ui/page-loader';
import { paths } from '@/config/paths';
import { AllUsers } from '@/features/admin-users/components/all-users';
import { useSession } from '@/lib/session';

// Admins only: the server answers 403 to anyone else, which the page shows as an error.
export function Component() {
  const location = useLocation();
  const { status, user } = useSession();
  if (status === 'loading') return <PageLoader />;
  if (!user) return <Navigate to={paths.login} replace state={{ from: location }} />;
  return <AllUsers key={user.email} currentEmail={user.email} />;
}
