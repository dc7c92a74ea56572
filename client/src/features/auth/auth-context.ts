import { createContext, useContext } from 'react';
import type { SignUpForm } from '@contract/auth';

export interface AuthActions {
  signInWithEmail(email: string, password: string): Promise<void>;
  signUp(form: SignUpForm): Promise<void>;
  /** In emulator mode the Google account is named by the caller (see lib/firebase.ts). */
  signInWithGoogle(emulatorEmail?: string): Promise<void>;
  sendPasswordReset(email: string): Promise<void>;
  signOut(): Promise<void>;
  /** True after the shop refused the session (401/403): protected pages send people home. */
  forcedOut: boolean;
}

const unavailable = () => Promise.reject(new Error('Sign-in is not available here'));

// Screens rendered without <AuthProvider> (tests of other features) get inert actions.
export const AuthContext = createContext<AuthActions>({
  signInWithEmail: unavailable,
  signUp: unavailable,
  signInWithGoogle: unavailable,
  sendPasswordReset: unavailable,
  signOut: () => Promise.resolve(),
  forcedOut: false,
});

export function useAuth(): AuthActions {
  return useContext(AuthContext);
}
