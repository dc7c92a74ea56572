import { Navigate, useLocation } from 'react-router-dom';
import { AdminsOnly } from '@/components/ui/admins-only';
import { PageLoader } from '@/components/ui/page-loader';
import { paths } from '@/config/paths';
import { AllUsers } from '@/features/admin-users/components/all-users';
import { useAdmin } from '@/features/auth';
import { useSession } from '@/lib/session';

// Admins only, with the same notice for customers as every admin page (the server would answer
// them 403, which no retry can change).
export function Component() {
  const location = useLocation();
  const { status, user } = useSession();
  const { admin, isPending } = useAdmin();
  if (status === 'loading') return <PageLoader />;
  if (!user) return <Navigate to={paths.login} replace state={{ from: location }} />;
  if (isPending) return <PageLoader />;
  if (admin === false) return <AdminsOnly title="All Users" />;
  return <AllUsers key={user.email} currentEmail={user.email} />;
}
