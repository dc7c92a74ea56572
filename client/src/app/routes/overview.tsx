import { PageLoader } from '@/components/ui/page-loader';
import { useAdmin } from '@/features/auth';
import { DashboardHome } from '@/features/dashboard';
import { Overview } from '@/features/overview/components/overview';
import { useProfile } from '@/features/profile/api/get-profile';
import { useSession } from '@/lib/session';

// /dashboard itself: the shop's overview for admins, the accounts feature's welcome for everyone
// else (also if the role could not be read: the overview's call would be refused anyway).
export function Component() {
  const { admin, isPending } = useAdmin();
  const { user } = useSession();
  const profile = useProfile(user?.email ?? '');
  if (isPending) return <PageLoader />;
  return admin === true ? <Overview /> : <DashboardHome profileName={profile.data?.name} />;
}
