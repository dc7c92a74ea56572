import { Link, useLocation } from 'react-router-dom';
import { paths } from '@/config/paths';
import { useSession } from '@/lib/session';
import { useAuth } from '../auth-context';

export const SESSION_ENDED_MESSAGE = 'Your session has ended, sign in again.';

/** On the login page after the shop refused a stored token (401), so the move here is explained. */
export function SessionEndedNotice() {
  const { sessionEnded } = useAuth();
  if (sessionEnded !== 'expired') return null;
  return (
    <p role="status" className="alert alert-info">
      {SESSION_ENDED_MESSAGE}
    </p>
  );
}

const AUTH_PAGES: readonly string[] = [paths.login, paths.signup, paths.forgot];

/**
 * On every other page (the cart, the catalogue): a session that ended by itself (a refused or
 * lapsed token, a renewal that failed) says so at once, with the way back to where the buyer was,
 * instead of the header quietly turning to Login and the cart looking empty.
 */
export function SessionEndedBanner() {
  const { sessionEnded } = useAuth();
  const { status } = useSession();
  const location = useLocation();
  if (sessionEnded !== 'expired' || status !== 'signed-out') return null;
  if (AUTH_PAGES.includes(location.pathname)) return null;
  return (
    <div role="alert" className="account-notice session-ended">
      <p>
        {SESSION_ENDED_MESSAGE}{' '}
        <Link to={paths.login} state={{ from: location }}>
          Sign in
        </Link>
      </p>
    </div>
  );
}
