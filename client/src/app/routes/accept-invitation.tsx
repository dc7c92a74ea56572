import { useParams } from 'react-router-dom';
import { PageLoader } from '@/components/ui/page-loader';
import { AcceptInvitation } from '@/features/companies/components/accept-invitation';
import { InvitationWelcome } from '@/features/companies/components/invitation-welcome';
import { useSession } from '@/lib/session';

// Open to visitors: the welcome says who invites them and leads to sign-in or sign-up with the
// invited address, which come back here to accept.
export function Component() {
  const { token = '' } = useParams();
  const { status, user } = useSession();
  if (status === 'loading') return <PageLoader />;
  if (!user) return <InvitationWelcome token={token} />;
  return <AcceptInvitation key={`${token}:${user.email}`} token={token} email={user.email} />;
}
