import { useParams } from 'react-router-dom';
import { AdminsOnly } from '@/components/ui/admins-only';
import { PageLoader } from '@/components/ui/page-loader';
import { useAdmin } from '@/features/auth';
import { AdminCompany } from '@/features/companies/components/admin-company';
import { useSession } from '@/lib/session';

export function Component() {
  const { id = '' } = useParams();
  const { user } = useSession();
  const { admin, isPending } = useAdmin();
  if (isPending) return <PageLoader />;
  if (admin === false) return <AdminsOnly title="Company" />;
  return <AdminCompany key={id} id={id} email={user?.email ?? ''} />;
}
