import { initializeApp } from 'firebase/app';
import {
  browserLocalPersistence,
  browserPopupRedirectResolver,
  browserSessionPersistence,
  connectAuthEmulator,
  createUserWithEmailAndPassword,
  GoogleAuthProvider,
  indexedDBLocalPersistence,
  initializeAuth,
  onAuthStateChanged,
  sendEmailVerification,
  sendPasswordResetEmail,
  signInWithCredential,
  signInWithEmailAndPassword,
  signInWithPopup,
  signOut,
  updateProfile,
  type User,
} from 'firebase/auth';
import { env } from '@/config/env';

/**
 * The only module that touches the Firebase SDK. It is large, so nothing imports this file
 * statically: the accounts feature loads it with `import()` after the first paint, which keeps
 * the SDK out of the home page's initial JavaScript. Tests replace this module as a whole.
 */

export type AuthUser = Pick<User, 'uid' | 'email' | 'displayName' | 'getIdToken'>;

const { firebase } = env;

const app = initializeApp(
  firebase.emulator
    ? // The emulator accepts any key; the project must be the one the server verifies against.
      {
        apiKey: 'demo-key',
        projectId: firebase.projectId,
        authDomain: `${firebase.projectId}.firebaseapp.com`,
      }
    : {
        apiKey: firebase.apiKey,
        authDomain: firebase.authDomain,
        projectId: firebase.projectId,
        appId: firebase.appId,
      },
);
// getAuth() would also install the popup resolver, which loads apis.google.com/js/api.js on
// every page (refused by our CSP, logged as a console error, and wasted bytes). The resolver
// is handed to signInWithPopup only when a real Google sign-in asks for it.
const auth = initializeAuth(app, {
  persistence: [indexedDBLocalPersistence, browserLocalPersistence, browserSessionPersistence],
});
if (firebase.emulator) connectAuthEmulator(auth, firebase.emulatorUrl, { disableWarnings: true });

export function watchAuthUser(listener: (user: AuthUser | null) => void): () => void {
  return onAuthStateChanged(auth, listener);
}

/** The signed-in user once Firebase has restored its persisted session (or found none). */
export async function authUserReady(): Promise<AuthUser | null> {
  await auth.authStateReady();
  return auth.currentUser;
}

export async function signInWithEmail(email: string, password: string): Promise<AuthUser> {
  return (await signInWithEmailAndPassword(auth, email, password)).user;
}

/**
 * Creates the account, stores the name as its display name (as the spec's sign-up does) and
 * sends Firebase's verification email.
 */
export async function createAccount(
  email: string,
  password: string,
  displayName: string,
): Promise<AuthUser> {
  const { user } = await createUserWithEmailAndPassword(auth, email, password);
  await updateProfile(user, { displayName });
  // Admin rights need a verified address. A failed send must not fail the sign-up itself: the
  // account exists by now, and the link can be sent again.
  await sendEmailVerification(user).catch(() => undefined);
  return user;
}

/**
 * Google's sign-in page cannot load against the emulator (nor offline), so in emulator mode the
 * caller names the Google account and the emulator takes an unsigned Google credential for it.
 */
export async function signInWithGoogle(emulatorEmail?: string): Promise<AuthUser> {
  if (firebase.emulator) {
    if (!emulatorEmail) throw new Error('Pick a Google account for the emulator');
    const claims = {
      sub: `google-${emulatorEmail.toLowerCase()}`,
      email: emulatorEmail,
      email_verified: true,
    };
    const credential = GoogleAuthProvider.credential(JSON.stringify(claims));
    return (await signInWithCredential(auth, credential)).user;
  }
  return (await signInWithPopup(auth, new GoogleAuthProvider(), browserPopupRedirectResolver)).user;
}

export async function sendPasswordReset(email: string): Promise<void> {
  await sendPasswordResetEmail(auth, email);
}

export async function signOutOfFirebase(): Promise<void> {
  await signOut(auth);
}
