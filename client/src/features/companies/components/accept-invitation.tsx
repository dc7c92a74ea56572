import { Link } from 'react-router-dom';
import { ErrorState } from '@/components/ui/error-state';
import { PageLoader } from '@/components/ui/page-loader';
import { paths } from '@/config/paths';
import { formatDateTime } from '@/lib/format';
import { useAcceptInvitation, useInvitation } from '../api/invitations';
import { ROLE_LABELS } from './members-panel';
import './companies.css';

/** The page an invitation email links to: the signed-in person accepts joining the company. */
export function AcceptInvitation({ token, email }: { token: string; email: string }) {
  const invitation = useInvitation(token);
  const accept = useAcceptInvitation(token);
  let content;
  if (accept.isSuccess) {
    content = (
      <p role="status" className="alert alert-info">
        You joined {accept.data.company?.name}.{' '}
        <Link to={paths.dashboard.myCompany}>Open My company</Link>
      </p>
    );
  } else if (invitation.isPending) content = <PageLoader />;
  else if (invitation.isError)
    content = (
      <ErrorState title="We couldn't open this invitation." message={invitation.error.message} />
    );
  else {
    const view = invitation.data;
    const forMe = view.email === email.toLowerCase();
    content = (
      <div className="card">
        <div className="card-body company-section">
          <h2>{view.companyName}</h2>
          <p>
            You are invited as <strong>{ROLE_LABELS[view.role]}</strong>. The invitation is for{' '}
            {view.email} and holds until {formatDateTime(view.expiresAt)}.
          </p>
          {view.status !== 'pending' ? (
            <p role="alert" className="alert alert-error">
              {view.status === 'expired'
                ? 'This invitation has expired: ask for a new one.'
                : `This invitation was ${view.status} already.`}
            </p>
          ) : !forMe ? (
            <p role="alert" className="alert alert-error">
              You are signed in as {email}: sign in with {view.email} to accept.
            </p>
          ) : (
            <button
              type="button"
              className="btn btn-primary"
              disabled={accept.isPending}
              onClick={() => accept.mutate()}
            >
              {accept.isPending ? 'Joining…' : `Join ${view.companyName}`}
            </button>
          )}
          {accept.isError ? (
            <p role="alert" className="alert alert-error">
              {accept.error.message}
            </p>
          ) : null}
        </div>
      </div>
    );
  }
  return (
    <section className="container section company-page" aria-labelledby="invitation-title">
      <title>Invitation · Toolworks</title>
      <h1 id="invitation-title">Join a company</h1>
      {content}
    </section>
  );
}
