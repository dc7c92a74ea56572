import { Link, useLocation } from 'react-router-dom';
import { ErrorState } from '@/components/ui/error-state';
import { PageLoader } from '@/components/ui/page-loader';
import { paths } from '@/config/paths';
import { useInvitationPreview } from '../api/invitations';
import './companies.css';

/**
 * The invitation link opened signed out: which company invites which address, and the way in
 * with that address (sign-in or sign-up prefilled, then back here to accept).
 */
export function InvitationWelcome({ token }: { token: string }) {
  const preview = useInvitationPreview(token);
  const location = useLocation();
  let content;
  if (preview.isPending) content = <PageLoader />;
  else if (preview.isError)
    content = (
      <ErrorState title="We couldn't open this invitation." message={preview.error.message} />
    );
  else {
    const { companyName, email } = preview.data;
    // Login and Sign Up read `email` to prefill, and `from` to come back here afterwards.
    const state = { from: { pathname: location.pathname }, email };
    content = (
      <div className="card">
        <div className="card-body company-section">
          <h2>{companyName} invites you</h2>
          <p>
            {companyName} invites {email} to its trade account on Toolworks. Sign in with that
            address to accept, or create an account with it first.
          </p>
          <p className="company-invitation-actions">
            <Link className="btn btn-primary" to={paths.login} state={state}>
              Sign in to accept
            </Link>
            <Link className="btn btn-secondary" to={paths.signup} state={state}>
              Create an account
            </Link>
          </p>
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
