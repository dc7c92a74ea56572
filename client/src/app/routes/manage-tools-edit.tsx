import { useParams } from 'react-router-dom';
import { AdminsOnly } from '@/components/ui/admins-only';
import { NotFoundState, isWellFormedId } from '@/components/ui/not-found-state';
import { paths } from '@/config/paths';
import { AuthPending } from '@/features/admin-tools/components/auth-pending';
import { EditTool } from '@/features/admin-tools/components/edit-tool';
import { useAdmin } from '@/features/auth';
import { useSession } from '@/lib/session';

export function Component() {
  const { id = '' } = useParams();
  const { status } = useSession();
  const { admin, isPending } = useAdmin();
  if (status === 'loading' || isPending) return <AuthPending title="Update a tool" />;
  if (admin === false) return <AdminsOnly title="Update a tool" />;
  if (!isWellFormedId(id))
    return (
      <NotFoundState
        title="Update a tool"
        message="We couldn't find this tool."
        detail="The link may be wrong, or the tool is no longer in the catalogue."
        back={{ to: paths.dashboard.manageTools, label: 'Back to Manage Tools' }}
      />
    );
  return <EditTool key={id} id={id} />;
}
