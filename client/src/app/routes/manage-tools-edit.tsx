import { useParams } from 'react-router-dom';
import { AdminsOnly } from '@/components/ui/admins-only';
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
  return <EditTool key={id} id={id} />;
}
