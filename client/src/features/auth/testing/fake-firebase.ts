import type * as FirebaseModule from '@/lib/firebase';
import type { AuthUser } from '@/lib/firebase';
import { noteFirebaseSignIn } from '../stored-session';

/**
 * An in-memory stand-in for `@/lib/firebase` (the module boundary to Google's sign-in service),
 * behaving like the Firebase Auth emulator: the same error codes, listeners called on every
 * change, a reset "email" recorded instead of sent. Tests steer it through `fakeAuthService`.
 */

interface Account {
  uid: string;
  email: string;
  password?: string;
  displayName: string | null;
}

const fail = (code: string) => Object.assign(new Error(`Firebase: Error (${code}).`), { code });

const state = {
  accounts: new Map<string, Account>(),
  current: null as AuthUser | null,
  listeners: new Set<(user: AuthUser | null) => void>(),
  resets: [] as string[],
  nextError: undefined as string | undefined,
  // A held first answer lets a test look at the "still restoring the session" state.
  holdFirstAnswer: false,
  releaseFirstAnswer: undefined as (() => void) | undefined,
};

function toUser(account: Account): AuthUser {
  return {
    uid: account.uid,
    email: account.email,
    displayName: account.displayName,
    getIdToken: async () => `fake-id-token:${account.email}`,
  };
}

function setCurrent(account: Account | null): AuthUser | null {
  state.current = account ? toUser(account) : null;
  for (const listener of state.listeners) listener(state.current);
  return state.current;
}

async function step<T>(action: () => T): Promise<T> {
  await Promise.resolve();
  const code = state.nextError;
  state.nextError = undefined;
  if (code) throw fail(code);
  return action();
}

function addAccount(email: string, password?: string, displayName: string | null = null): Account {
  const account = {
    uid: `uid-${state.accounts.size + 1}`,
    email: email.toLowerCase(),
    password,
    displayName,
  };
  state.accounts.set(account.email, account);
  return account;
}

export const fakeFirebaseModule: typeof FirebaseModule = {
  watchAuthUser(listener) {
    state.listeners.add(listener);
    const answer = () => state.listeners.has(listener) && listener(state.current);
    if (state.holdFirstAnswer) state.releaseFirstAnswer = answer;
    else queueMicrotask(answer);
    return () => state.listeners.delete(listener);
  },
  authUserReady: () => step(() => state.current),
  signInWithEmail: (email, password) =>
    step(() => {
      const account = state.accounts.get(email.toLowerCase());
      if (!account) throw fail('auth/user-not-found');
      if (account.password !== password) throw fail('auth/wrong-password');
      return setCurrent(account) as AuthUser;
    }),
  createAccount: (email, password, displayName) =>
    step(() => {
      if (state.accounts.has(email.toLowerCase())) throw fail('auth/email-already-in-use');
      if (password.length < 6) throw fail('auth/weak-password');
      return setCurrent(addAccount(email, password, displayName)) as AuthUser;
    }),
  signInWithGoogle: (emulatorEmail) =>
    step(() => {
      if (!emulatorEmail) throw fail('auth/popup-closed-by-user');
      const account = state.accounts.get(emulatorEmail.toLowerCase()) ?? addAccount(emulatorEmail);
      return setCurrent(account) as AuthUser;
    }),
  sendPasswordReset: (email) =>
    step(() => {
      if (!state.accounts.has(email.toLowerCase())) throw fail('auth/user-not-found');
      state.resets.push(email.toLowerCase());
    }),
  signOutOfFirebase: () => step(() => void setCurrent(null)),
};

export const fakeAuthService = {
  reset() {
    state.accounts.clear();
    state.current = null;
    state.listeners.clear();
    state.resets = [];
    state.nextError = undefined;
    state.holdFirstAnswer = false;
    state.releaseFirstAnswer = undefined;
  },
  addAccount: (email: string, password: string, displayName: string | null = null) =>
    void addAccount(email, password, displayName),
  /**
   * A session kept from an earlier visit, as Firebase restores it from storage; the shop noted
   * that sign-in then (stored-session.ts), so the page asks Firebase for it.
   */
  restoreSession(email: string) {
    const account = state.accounts.get(email.toLowerCase());
    if (!account) throw new Error(`No fake account ${email}`);
    state.current = toUser(account);
    noteFirebaseSignIn(true);
  },
  failNext(code: string) {
    state.nextError = code;
  },
  holdFirstAnswer() {
    state.holdFirstAnswer = true;
  },
  releaseFirstAnswer() {
    state.holdFirstAnswer = false;
    state.releaseFirstAnswer?.();
  },
  get resets() {
    return state.resets;
  },
  get signedInEmail() {
    return state.current?.email ?? null;
  },
};
