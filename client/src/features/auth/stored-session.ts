import {
  ACCESS_TOKEN_KEY,
  clearAccessToken,
  getAccessToken,
  setAccessToken,
} from '@/lib/access-token';
import type { SessionUser } from '@/lib/session';
import { outlivesRenewal, tokenClaims } from './token-expiry';

// The shop's session is its access token (kept under `accessToken`, as the spec has it) and the
// signed-in person's name and email next to it. A page load with a token that still has time to
// live resumes that session at once: no Firebase SDK, no sign-in service round trip and no token
// exchange before the first signed-in render. The token is renewed from Firebase when it nears
// its expiry, exactly as in a tab that stayed open.
const USER_KEY = 'sessionUser';
// Set while Google's sign-in service (Firebase) may keep someone signed in in this browser: from
// a sign-in until a sign-out, or until Firebase reports nobody. A visitor who never signed in here
// has neither it nor a session, so the page does not load the Firebase SDK (28 kB brotli) and
// run it only to learn that nobody is signed in.
const SIGNED_IN_KEY = 'firebaseSignedIn';

export function saveSession(token: string, user: SessionUser): void {
  setAccessToken(token);
  try {
    window.localStorage.setItem(USER_KEY, JSON.stringify(user));
  } catch {
    // Without storage the next visit goes through Firebase; sign-in still works.
  }
}

export function clearSession(): void {
  clearAccessToken();
  try {
    window.localStorage.removeItem(USER_KEY);
  } catch {
    // Nothing stored, nothing to clear.
  }
}

/** Notes whether Firebase now keeps a sign-in in this browser (see SIGNED_IN_KEY). */
export function noteFirebaseSignIn(kept: boolean): void {
  try {
    if (kept) window.localStorage.setItem(SIGNED_IN_KEY, '1');
    else window.localStorage.removeItem(SIGNED_IN_KEY);
  } catch {
    // Without storage every visit asks Firebase (mayHaveFirebaseSignIn).
  }
}

/**
 * Whether Firebase may have a sign-in to restore: it noted one, or a session of the shop is
 * stored (also one from before the note existed). False only for someone who never signed in
 * here or signed out; true where storage cannot be read, to be safe.
 */
export function mayHaveFirebaseSignIn(): boolean {
  try {
    const storage = window.localStorage;
    return [SIGNED_IN_KEY, USER_KEY, ACCESS_TOKEN_KEY].some((key) => storage.getItem(key) !== null);
  } catch {
    return true;
  }
}

function storedUser(): SessionUser | null {
  try {
    const value = JSON.parse(window.localStorage.getItem(USER_KEY) ?? 'null') as unknown;
    if (typeof value !== 'object' || value === null) return null;
    const { email, displayName } = value as Record<string, unknown>;
    if (typeof email !== 'string') return null;
    return { email, displayName: typeof displayName === 'string' ? displayName : null };
  } catch {
    return null;
  }
}

/** The session kept from the last visit, if its token is this person's and not about to expire. */
export function resumableSession(now = Date.now()): { token: string; user: SessionUser } | null {
  const token = getAccessToken();
  const user = storedUser();
  if (!token || !user) return null;
  const tokenEmail = tokenClaims(token).email?.toLowerCase();
  if (tokenEmail !== user.email.toLowerCase() || !outlivesRenewal(token, now)) return null;
  return { token, user };
}

/**
 * Follows sign-ins, renewals and sign-outs made in the shop's other tabs (the browser reports
 * another tab's storage writes): `listener` gets the session now stored, or null once it is gone.
 */
export function watchOtherTabs(
  listener: (session: { token: string; user: SessionUser } | null) => void,
): () => void {
  const onStorage = (event: StorageEvent) => {
    if (event.key !== null && event.key !== ACCESS_TOKEN_KEY && event.key !== USER_KEY) return;
    const session = resumableSession();
    if (session) listener(session);
    else if (!getAccessToken()) listener(null);
  };
  window.addEventListener('storage', onStorage);
  return () => window.removeEventListener('storage', onStorage);
}
