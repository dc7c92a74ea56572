import type { ReactNode } from 'react';
import { Navigate, Outlet, useLocation } from 'react-router-dom';
import { PageLoader } from '@/components/ui/page-loader';
import { paths } from '@/config/paths';
import { useSession } from '@/lib/session';
import { useAuth } from '../auth-context';

/**
 * Guards a route (as a layout route, or around children): visitors go to /login, which sends
 * them back here afterwards. While the session is being restored a loader shows, not a flash
 * of the login page. Someone the shop just signed out (401/403) goes home, as the spec says.
 */
export function RequireAuth({ children }: { children?: ReactNode }) {
  const session = useSession();
  const { forcedOut } = useAuth();
  const location = useLocation();

  if (session.status === 'loading') return <PageLoader />;
  if (session.status === 'signed-out') {
    return forcedOut ? (
      <Navigate to={paths.home} replace />
    ) : (
      <Navigate to={paths.login} replace state={{ from: location }} />
    );
  }
  return children ?? <Outlet />;
}
