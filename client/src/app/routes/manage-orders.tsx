import { AdminsOnly } from '@/components/ui/admins-only';
import { PageLoader } from '@/components/ui/page-loader';
import { ManageOrders } from '@/features/admin-orders/components/manage-orders';
import { useAdmin } from '@/features/auth';

export function Component() {
  const { admin, isPending } = useAdmin();
  if (isPending) return <PageLoader />;
  if (admin === false) return <AdminsOnly title="Manage Orders" />;
  return <ManageOrders />;
}
