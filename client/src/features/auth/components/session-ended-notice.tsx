import { useAuth } from '../auth-context';

export const SESSION_ENDED_MESSAGE = 'Your session has ended. Please log in again.';

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
