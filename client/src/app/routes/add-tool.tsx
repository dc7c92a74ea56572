import { AdminsOnly } from '@/components/ui/admins-only';
import { PageLoader } from '@/components/ui/page-loader';
import { AddTool } from '@/features/admin-tools/components/add-tool';
import { useAdmin } from '@/features/auth';

// The server refuses non-admins in any case; this only spares a customer a form that cannot work.
export function Component() {
  const { admin, isPending } = useAdmin();
  if (isPending) return <PageLoader />;
  if (admin === false) return <AdminsOnly title="Add a Tool" />;
  return <AddTool />;
}
