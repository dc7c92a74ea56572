import { AdminsOnly } from '@/components/ui/admins-only';
import { PageLoader } from '@/components/ui/page-loader';
import { useAdmin } from '@/features/auth';
import { PriceLists } from '@/features/price-lists/components/price-lists';

export function Component() {
  const { admin, isPending } = useAdmin();
  if (isPending) return <PageLoader />;
  if (admin === false) return <AdminsOnly title="Price lists" />;
  return <PriceLists />;
}
