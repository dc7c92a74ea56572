import type { ReactNode } from 'react';
import { Navigate, useLocation, useParams } from 'react-router-dom';
import { NotFoundState, isWellFormedId } from '@/components/ui/not-found-state';
import { PageLoader } from '@/components/ui/page-loader';
import { paths } from '@/config/paths';
import { useSession, type SessionUser } from '@/lib/session';

/**
 * The route of one of the signed-in buyer's orders (its page, its payment). The dashboard is
 * guarded for signed-in users; the fallbacks only cover the moment the session is still being
 * restored. An id that is not a shop id at all shows not-found without asking the server.
 */
export function OrderRoute({
  title,
  message,
  children,
}: {
  title: string;
  message: string;
  children: (id: string, user: SessionUser) => ReactNode;
}) {
  const { id = '' } = useParams();
  const location = useLocation();
  const { status, user } = useSession();
  if (status === 'loading') return <PageLoader />;
  if (!user) return <Navigate to={paths.login} replace state={{ from: location }} />;
  if (!isWellFormedId(id))
    return (
      <NotFoundState
        title={title}
        message={message}
        detail="The link may be wrong, or the order belongs to another account."
        back={{ to: paths.dashboard.root, label: 'Back to your dashboard' }}
      />
    );
  return children(id, user);
}
