import { Navigate, useLocation } from 'react-router-dom';
import { PageLoader } from '@/components/ui/page-loader';
import { paths } from '@/config/paths';
import { SavedListsPage } from '@/features/lists/components/saved-lists-page';
import { useSession } from '@/lib/session';

export function Component() {
  const location = useLocation();
  const { status, user } = useSession();
  if (status === 'loading') return <PageLoader />;
  if (!user) return <Navigate to={paths.login} replace state={{ from: location }} />;
  // Keyed by the email, so another account's lists never show for a moment after switching.
  return <SavedListsPage key={user.email} />;
}
