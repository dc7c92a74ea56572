import { Navigate, useLocation, useParams } from 'react-router-dom';
import { NotFoundState, isWellFormedId } from '@/components/ui/not-found-state';
import { PageLoader } from '@/components/ui/page-loader';
import { paths } from '@/config/paths';
import { SavedListPage } from '@/features/lists/components/saved-list-page';
import { useSession } from '@/lib/session';

export function Component() {
  const { id = '' } = useParams();
  const location = useLocation();
  const { status, user } = useSession();
  if (status === 'loading') return <PageLoader />;
  if (!user) return <Navigate to={paths.login} replace state={{ from: location }} />;
  if (!isWellFormedId(id)) {
    return (
      <NotFoundState
        title="Saved list"
        message="We couldn't find this list."
        detail="The link may be wrong, or the list belongs to another account."
        back={{ to: paths.dashboard.savedLists, label: 'Back to Saved lists' }}
      />
    );
  }
  return <SavedListPage key={`${user.email}:${id}`} listId={id} />;
}
