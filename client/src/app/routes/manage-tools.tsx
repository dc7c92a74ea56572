import { AdminsOnly } from '@/components/ui/admins-only';
import { AuthPending } from '@/features/admin-tools/components/auth-pending';
import { ManageTools } from '@/features/admin-tools/components/manage-tools';
import { useAdmin } from '@/features/auth';
import { useSession } from '@/lib/session';

export function Component() {
  const { status } = useSession();
  const { admin, isPending } = useAdmin();
  // The spec's loading screen with a loading button while sign-in (and the role) is pending.
  if (status === 'loading' || isPending) return <AuthPending title="Manage Tools" />;
  if (admin === false) return <AdminsOnly title="Manage Tools" />;
  return <ManageTools />;
}
