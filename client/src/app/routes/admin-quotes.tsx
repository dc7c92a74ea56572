import { AdminsOnly } from '@/components/ui/admins-only';
import { PageLoader } from '@/components/ui/page-loader';
import { useAdmin } from '@/features/auth';
import { AdminQuotes } from '@/features/quotes/components/admin-quotes';

export function Component() {
  const { admin, isPending } = useAdmin();
  if (isPending) return <PageLoader />;
  if (admin === false) return <AdminsOnly title="Quotes" />;
  return <AdminQuotes />;
}
