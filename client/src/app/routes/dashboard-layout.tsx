import { useAdmin, useAdminRefreshOnNavigation } from '@/features/auth';
import { DashboardLayout } from '@/features/dashboard';

// The dashboard frame gets the admin flag from the accounts feature; features never import
// each other, so they meet here.
export function Component() {
  const { admin } = useAdmin();
  useAdminRefreshOnNavigation();
  return <DashboardLayout admin={admin} />;
}
