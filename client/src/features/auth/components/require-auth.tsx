import type { ReactNode } from 'react';
import { Navigate, Outlet, useLocation } from 'react-router-dom';
import { PageLoader } from '@/components/ui/page-loader';
import { paths } from '@/config/paths';
import { useSession } from '@/lib/session';
import { useAuth } from '../auth-context';

/**
 * Guards a route (as a layout route, or around children): visitors go to /login, which sends
 * them back here afterwards. While the session is being restored a loader shows, not a flash
 * of the login page. Someone whose token the shop refused (401) also goes to /login, which says
 * the session ended; someone the shop signed out with a 403 goes home, as the spec says.
 */
export function RequireAuth({ children }: { children?: ReactNode }) {
  const session = useSession();
  const { sessionEnded } = useAuth();
  const location = useLocation();

  if (session.status === 'loading') return <PageLoader />;
  if (session.status === 'signed-out') {
    return sessionEnded === 'refused' ? (
      <Navigate to={paths.home} replace />
    ) : (
      <Navigate to={paths.login} replace state={{ from: location }} />
    );
  }
  return children ?? <Outlet />;
}
