import { AdminsOnly } from '@/components/ui/admins-only';
import { PageLoader } from '@/components/ui/page-loader';
import { AdminReviews } from '@/features/admin-reviews/components/admin-reviews';
import { useAdmin } from '@/features/auth';

export function Component() {
  const { admin, isPending } = useAdmin();
  if (isPending) return <PageLoader />;
  if (admin === false) return <AdminsOnly title="Reviews" />;
  return <AdminReviews />;
}
