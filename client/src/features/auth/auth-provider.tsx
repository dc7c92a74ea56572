import { useCallback, useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { ApiError, setUnauthorizedHandler } from '@/lib/api-client';
import { clearAccessToken, setAccessToken } from '@/lib/access-token';
import type { AuthUser } from '@/lib/firebase';
import { SessionProvider, type Session, type SessionUser } from '@/lib/session';
import { exchangeToken } from './api/exchange-token';
import { AuthContext, type AuthActions } from './auth-context';
import { loadFirebase } from './firebase-loader';
import { renewalDelayMs } from './token-expiry';

interface AuthState {
  status: Session['status'];
  user: SessionUser | null;
  forcedOut: boolean;
}

const RETRY_RENEWAL_MS = 30_000;
const isRefusal = (error: unknown) =>
  error instanceof ApiError && (error.status === 401 || error.status === 403);

/**
 * Owns the session: the Firebase user, the shop's access token (stored under `accessToken`)
 * and its renewal. The session counts as signed in only once the token exchange succeeded, so
 * nothing calls the API with a missing token.
 */
export function AuthProvider({ children }: { children: ReactNode }) {
  const queryClient = useQueryClient();
  const [state, setState] = useState<AuthState>({
    status: 'loading',
    user: null,
    forcedOut: false,
  });
  // While an action signs someone in, it finishes the job; the auth listener stays out of it.
  const actionsInFlight = useRef(0);
  const renewTimer = useRef<number | undefined>(undefined);
  const renew = useRef<() => void>(() => undefined);

  const endSession = useCallback(
    (forcedOut: boolean) => {
      window.clearTimeout(renewTimer.current);
      clearAccessToken();
      // Cached answers (orders, the admin flag) belong to the person who just left.
      queryClient.clear();
      setState({ status: 'signed-out', user: null, forcedOut });
    },
    [queryClient],
  );

  const establish = useCallback(async (user: AuthUser, name?: string) => {
    if (!user.email) throw new Error('This account has no email address');
    const displayName = name ?? user.displayName ?? null;
    const { token } = await exchangeToken(
      user.email,
      await user.getIdToken(),
      displayName ?? undefined,
    );
    setAccessToken(token);
    window.clearTimeout(renewTimer.current);
    renewTimer.current = window.setTimeout(() => renew.current(), renewalDelayMs(token));
    setState({ status: 'signed-in', user: { email: user.email, displayName }, forcedOut: false });
  }, []);

  const signOut = useCallback(
    async (forcedOut = false) => {
      endSession(forcedOut);
      await (await loadFirebase()).signOutOfFirebase();
    },
    [endSession],
  );

  useEffect(() => {
    // Through a ref because establishing a session schedules its own renewal.
    renew.current = () => {
      void loadFirebase().then(async (firebase) => {
        const user = firebase.currentAuthUser();
        if (!user) return;
        try {
          await establish(user);
        } catch (error) {
          if (isRefusal(error)) await signOut(true);
          else renewTimer.current = window.setTimeout(() => renew.current(), RETRY_RENEWAL_MS);
        }
      });
    };
  }, [establish, signOut]);

  useEffect(() => {
    let unsubscribe = () => {};
    let cancelled = false;
    loadFirebase().then(
      (firebase) => {
        if (cancelled) return;
        unsubscribe = firebase.watchAuthUser((user) => {
          if (actionsInFlight.current > 0) return;
          if (!user) {
            window.clearTimeout(renewTimer.current);
            clearAccessToken();
            setState((s) => ({ status: 'signed-out', user: null, forcedOut: s.forcedOut }));
            return;
          }
          // A session restored from the last visit: get a fresh access token for it.
          establish(user).catch((error: unknown) =>
            isRefusal(error) ? signOut(true) : endSession(false),
          );
        });
      },
      () => !cancelled && endSession(false),
    );
    return () => {
      cancelled = true;
      unsubscribe();
      window.clearTimeout(renewTimer.current);
    };
  }, [establish, endSession, signOut]);

  useEffect(() => {
    // The spec: a 401 (or a 403 from the orders call) means the session is gone.
    setUnauthorizedHandler(() => void signOut(true));
    return () => setUnauthorizedHandler(undefined);
  }, [signOut]);

  const run = useCallback(
    async (
      signIn: (firebase: Awaited<ReturnType<typeof loadFirebase>>) => Promise<AuthUser>,
      name?: string,
    ) => {
      actionsInFlight.current += 1;
      try {
        const firebase = await loadFirebase();
        const user = await signIn(firebase);
        try {
          await establish(user, name);
        } catch (error) {
          // Signed in with the provider but refused by the shop: leave nobody half signed in.
          endSession(false);
          await firebase.signOutOfFirebase().catch(() => undefined);
          throw error;
        }
      } finally {
        actionsInFlight.current -= 1;
      }
    },
    [establish, endSession],
  );

  const actions = useMemo<AuthActions>(
    () => ({
      signInWithEmail: (email, password) => run((f) => f.signInWithEmail(email, password)),
      signUp: ({ name, email, password }) =>
        run((f) => f.createAccount(email, password, name), name),
      signInWithGoogle: (emulatorEmail) => run((f) => f.signInWithGoogle(emulatorEmail)),
      sendPasswordReset: async (email) => (await loadFirebase()).sendPasswordReset(email),
      signOut: () => signOut(false),
      forcedOut: state.forcedOut,
    }),
    [run, signOut, state.forcedOut],
  );

  const session = useMemo<Session>(
    () => ({ status: state.status, user: state.user, signOut: () => signOut(false) }),
    [state.status, state.user, signOut],
  );

  return (
    <AuthContext value={actions}>
      <SessionProvider value={session}>{children}</SessionProvider>
    </AuthContext>
  );
}
