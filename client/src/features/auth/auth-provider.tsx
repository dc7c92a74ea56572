import {
  startTransition,
  useCallback,
  useEffect,
  useMemo,
  useRef,
  useState,
  type ReactNode,
} from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { ApiError, setUnauthorizedHandler } from '@/lib/api-client';
import type { AuthUser } from '@/lib/firebase';
import { SessionProvider, type Session, type SessionUser } from '@/lib/session';
import { exchangeToken } from './api/exchange-token';
import { AuthContext, type AuthActions } from './auth-context';
import { loadFirebase } from './firebase-loader';
import { clearSession, resumableSession, saveSession, watchOtherTabs } from './stored-session';
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
 * nothing calls the API with a missing token. A page load with a stored token that still has
 * time to live resumes that session without Firebase (see stored-session.ts); Firebase is loaded
 * when the token needs renewing, or for signing in and out.
 */
export function AuthProvider({ children }: { children: ReactNode }) {
  const queryClient = useQueryClient();
  const [resumed] = useState(resumableSession);
  const [state, setState] = useState<AuthState>(() => ({
    status: resumed ? 'signed-in' : 'loading',
    user: resumed?.user ?? null,
    forcedOut: false,
  }));
  // While an action signs someone in, it finishes the job; the auth listener stays out of it.
  const actionsInFlight = useRef(0);
  const renewTimer = useRef<number | undefined>(undefined);
  const renew = useRef<() => void>(() => undefined);
  const signedInEmail = useRef(state.user?.email);
  useEffect(() => {
    signedInEmail.current = state.user?.email;
  }, [state.user]);
  const scheduleRenewal = useCallback((token: string) => {
    window.clearTimeout(renewTimer.current);
    renewTimer.current = window.setTimeout(() => renew.current(), renewalDelayMs(token));
  }, []);

  const endSession = useCallback(
    (forcedOut: boolean) => {
      window.clearTimeout(renewTimer.current);
      clearSession();
      // Cached answers (orders, the admin flag) belong to the person who just left.
      queryClient.clear();
      setState({ status: 'signed-out', user: null, forcedOut });
    },
    [queryClient],
  );

  const establish = useCallback(
    async (user: AuthUser, name?: string) => {
      if (!user.email) throw new Error('This account has no email address');
      const displayName = name ?? user.displayName ?? null;
      const { token } = await exchangeToken(
        user.email,
        await user.getIdToken(),
        displayName ?? undefined,
      );
      const signedIn = { email: user.email, displayName };
      saveSession(token, signedIn);
      scheduleRenewal(token);
      // The page that was waiting for the session renders in slices (a transition); signing out
      // stays urgent, so nothing renders as signed in once the token is gone.
      startTransition(() => setState({ status: 'signed-in', user: signedIn, forcedOut: false }));
    },
    [scheduleRenewal],
  );

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
      const retry = () => {
        renewTimer.current = window.setTimeout(() => renew.current(), RETRY_RENEWAL_MS);
      };
      loadFirebase().then(async (firebase) => {
        const user = await firebase.authUserReady();
        // Signed out of Firebase meanwhile, its session expired, or someone else signed in
        // there: this session ends, and protected pages ask to sign in again.
        if (!user || user.email !== signedInEmail.current) return endSession(false);
        try {
          await establish(user);
        } catch (error) {
          if (isRefusal(error)) await signOut(true);
          else retry();
        }
      }, retry);
    };
  }, [establish, endSession, signOut]);

  useEffect(() => {
    // Sign-ins, renewals and sign-outs in the shop's other tabs apply here too.
    return watchOtherTabs((stored) => {
      if (!stored) return endSession(false);
      scheduleRenewal(stored.token);
      // Cached answers (orders, the admin flag) belong to whoever was signed in here before.
      if (signedInEmail.current !== stored.user.email) queryClient.clear();
      setState({ status: 'signed-in', user: stored.user, forcedOut: false });
    });
  }, [queryClient, scheduleRenewal, endSession]);

  useEffect(() => {
    if (resumed) {
      scheduleRenewal(resumed.token);
      return () => window.clearTimeout(renewTimer.current);
    }
    let unsubscribe = () => {};
    let cancelled = false;
    loadFirebase().then(
      (firebase) => {
        if (cancelled) return;
        unsubscribe = firebase.watchAuthUser((user) => {
          if (actionsInFlight.current > 0) return;
          if (!user) {
            window.clearTimeout(renewTimer.current);
            clearSession();
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
  }, [resumed, scheduleRenewal, establish, endSession, signOut]);

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
