import { AdminsOnly } from '@/components/ui/admins-only';
import { PageLoader } from '@/components/ui/page-loader';
import { FailedDocuments } from '@/features/admin-documents/components/failed-documents';
import { useAdmin } from '@/features/auth';

export function Component() {
  const { admin, isPending } = useAdmin();
  if (isPending) return <PageLoader />;
  if (admin === false) return <AdminsOnly title="Failed Documents" />;
  return <FailedDocuments />;
}
