import { AdminsOnly } from '@/components/ui/admins-only';
import { PageLoader } from '@/components/ui/page-loader';
import { FailedMails } from '@/features/admin-outbox/components/failed-mails';
import { useAdmin } from '@/features/auth';

export function Component() {
  const { admin, isPending } = useAdmin();
  if (isPending) return <PageLoader />;
  if (admin === false) return <AdminsOnly title="Failed Emails" />;
  return <FailedMails />;
}
