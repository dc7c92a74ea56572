import type { SignUpForm } from '@toolworks/contract/auth';
import { ApiError, setUnauthorizedHandler } from '@/lib/api-client';
import type * as FirebaseModule from '@/lib/firebase';
import type { AuthUser } from '@/lib/firebase';
import type { Session, SessionUser } from '@/lib/session';
import { exchangeToken as realExchangeToken } from './api/exchange-token';
import { loadFirebase as realLoadFirebase } from './firebase-loader';
import {
  clearSession,
  mayHaveFirebaseSignIn,
  noteFirebaseSignIn,
  resumableSession,
  saveSession,
  watchOtherTabs,
} from './stored-session';
import { renewalDelayMs } from './token-expiry';

type Firebase = typeof FirebaseModule;

/**
 * Why the last session ended when the shop ended it: 'expired' (a 401: the token was refused,
 * log in again) or 'refused' (a 403 where the spec signs out: sent home). Null otherwise.
 */
export type SessionEnd = 'expired' | 'refused' | null;

export interface SessionSnapshot {
  status: Session['status'];
  user: SessionUser | null;
  ended: SessionEnd;
}

export interface SessionControllerDeps {
  loadFirebase?: () => Promise<Firebase>;
  exchangeToken?: typeof realExchangeToken;
  /** Called when the signed-in person changes or leaves: their cached answers must go. */
  onPersonChange?: () => void;
}

const RETRY_RENEWAL_MS = 30_000;
const isRefusal = (error: unknown): error is ApiError =>
  error instanceof ApiError && (error.status === 401 || error.status === 403);

/**
 * The session as plain TypeScript: the Firebase user, the shop's access token (stored under
 * `accessToken`) and its renewal, other tabs, and the sign-out the shop forces with a 401/403.
 * It counts as signed in only once the token exchange succeeded, so nothing calls the API with a
 * missing token. A stored token that still has time to live resumes the session without loading
 * Firebase (see stored-session.ts and docs/decisions/002-auth.md); Firebase is loaded when the
 * token needs renewing, or for signing in and out. A visitor who never signed in in this browser
 * is signed out at once, without Firebase. React reads it with useSyncExternalStore.
 */
export function createSessionController(deps: SessionControllerDeps = {}) {
  const loadFirebase = deps.loadFirebase ?? realLoadFirebase;
  const exchangeToken = deps.exchangeToken ?? realExchangeToken;
  const onPersonChange = deps.onPersonChange ?? (() => undefined);

  const resumed = resumableSession();
  // Otherwise, only a browser where Firebase may keep a sign-in waits for it.
  const restoring = !resumed && mayHaveFirebaseSignIn();
  let snapshot: SessionSnapshot = {
    status: resumed ? 'signed-in' : restoring ? 'loading' : 'signed-out',
    user: resumed?.user ?? null,
    ended: null,
  };
  const listeners = new Set<() => void>();
  // While an action signs someone in, it finishes the job; the Firebase listener stays out of it.
  let actionsInFlight = 0;
  let renewTimer: ReturnType<typeof setTimeout> | undefined;

  function set(next: SessionSnapshot) {
    snapshot = next;
    for (const listener of listeners) listener();
  }

  function scheduleRenewal(token: string, delay = renewalDelayMs(token)) {
    clearTimeout(renewTimer);
    renewTimer = setTimeout(renew, delay);
  }

  function endSession(ended: SessionEnd) {
    clearTimeout(renewTimer);
    clearSession();
    onPersonChange();
    set({ status: 'signed-out', user: null, ended });
  }

  async function establish(user: AuthUser, name?: string) {
    if (!user.email) throw new Error('This account has no email address');
    const displayName = name ?? user.displayName ?? null;
    const idToken = await user.getIdToken();
    const { token } = await exchangeToken(user.email, idToken, displayName ?? undefined);
    const signedIn = { email: user.email, displayName };
    saveSession(token, signedIn);
    scheduleRenewal(token);
    set({ status: 'signed-in', user: signedIn, ended: null });
  }

  async function signOut(ended: SessionEnd = null) {
    endSession(ended);
    noteFirebaseSignIn(false);
    await (await loadFirebase()).signOutOfFirebase();
  }

  /** The shop refused the session: 401 means it ended (log in again), 403 it is not allowed. */
  function forceOut(error: ApiError) {
    return signOut(error.status === 401 ? 'expired' : 'refused');
  }

  function renew() {
    const retry = () => {
      renewTimer = setTimeout(renew, RETRY_RENEWAL_MS);
    };
    loadFirebase().then(async (firebase) => {
      const user = await firebase.authUserReady();
      // Signed out of Firebase meanwhile, its session expired, or someone else signed in
      // there: this session ends, and protected pages ask to sign in again.
      if (!user) noteFirebaseSignIn(false);
      if (!user || user.email !== snapshot.user?.email) return endSession('expired');
      try {
        await establish(user);
      } catch (error) {
        if (isRefusal(error)) await forceOut(error);
        else retry();
      }
    }, retry);
  }

  async function run(signIn: (firebase: Firebase) => Promise<AuthUser>, name?: string) {
    actionsInFlight += 1;
    try {
      const firebase = await loadFirebase();
      const user = await signIn(firebase);
      noteFirebaseSignIn(true);
      try {
        await establish(user, name);
      } catch (error) {
        // Signed in with the provider but refused by the shop: leave nobody half signed in.
        endSession(null);
        noteFirebaseSignIn(false);
        await firebase.signOutOfFirebase().catch(() => undefined);
        throw error;
      }
    } finally {
      actionsInFlight -= 1;
    }
  }

  function watchFirebase(): () => void {
    let unsubscribe = () => {};
    let stopped = false;
    loadFirebase().then(
      (firebase) => {
        if (stopped) return;
        unsubscribe = firebase.watchAuthUser((user) => {
          if (actionsInFlight > 0) return;
          if (!user) {
            noteFirebaseSignIn(false);
            clearTimeout(renewTimer);
            clearSession();
            // Signed out by Firebase, not by the person here (the password changed elsewhere,
            // the sign-in lapsed): the session ended, and the shop says so.
            set({
              status: 'signed-out',
              user: null,
              ended: snapshot.user ? 'expired' : snapshot.ended,
            });
            return;
          }
          // A session restored from the last visit: get a fresh access token for it.
          establish(user).catch((error: unknown) =>
            isRefusal(error) ? forceOut(error) : endSession(null),
          );
        });
      },
      () => !stopped && endSession(null),
    );
    return () => {
      stopped = true;
      unsubscribe();
    };
  }

  /** Starts following Firebase, other tabs and the API's refusals; returns the stop. */
  function start(): () => void {
    const stopFirebase = restoring ? watchFirebase() : () => {};
    if (resumed) scheduleRenewal(resumed.token);
    // Sign-ins, renewals and sign-outs in the shop's other tabs apply here too.
    const stopTabs = watchOtherTabs((stored) => {
      if (!stored) return endSession(null);
      scheduleRenewal(stored.token);
      if (snapshot.user?.email !== stored.user.email) onPersonChange();
      set({ status: 'signed-in', user: stored.user, ended: null });
    });
    // The spec: a 401 (or a 403 from a call that asks for it) means the session is gone.
    setUnauthorizedHandler((error) => void forceOut(error));
    return () => {
      stopFirebase();
      stopTabs();
      setUnauthorizedHandler(undefined);
      clearTimeout(renewTimer);
    };
  }

  return {
    getSnapshot: () => snapshot,
    subscribe: (listener: () => void) => {
      listeners.add(listener);
      return () => void listeners.delete(listener);
    },
    start,
    signInWithEmail: (email: string, password: string) =>
      run((f) => f.signInWithEmail(email, password)),
    signUp: ({ name, email, password }: SignUpForm) =>
      run((f) => f.createAccount(email, password, name), name),
    signInWithGoogle: (emulatorEmail?: string) => run((f) => f.signInWithGoogle(emulatorEmail)),
    sendPasswordReset: async (email: string) => (await loadFirebase()).sendPasswordReset(email),
    signOut: () => signOut(null),
  };
}

export type SessionController = ReturnType<typeof createSessionController>;
