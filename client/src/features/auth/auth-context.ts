import { createContext, useContext } from 'react';
import type { SignUpForm } from '@toolworks/contract/auth';
import type { SessionEnd } from './session-controller';

export interface AuthActions {
  signInWithEmail(email: string, password: string): Promise<void>;
  signUp(form: SignUpForm): Promise<void>;
  /** In emulator mode the Google account is named by the caller (see lib/firebase.ts). */
  signInWithGoogle(emulatorEmail?: string): Promise<void>;
  sendPasswordReset(email: string): Promise<void>;
  signOut(): Promise<void>;
  /**
   * Set when the shop ended the session: 'expired' (401) sends protected pages to the login page,
   * which says so; 'refused' (a 403 where the spec signs out) sends them home.
   */
  sessionEnded: SessionEnd;
}

const unavailable = () => Promise.reject(new Error('Sign-in is not available here'));

// Screens rendered without <AuthProvider> (tests of other features) get inert actions.
export const AuthContext = createContext<AuthActions>({
  signInWithEmail: unavailable,
  signUp: unavailable,
  signInWithGoogle: unavailable,
  sendPasswordReset: unavailable,
  signOut: () => Promise.resolve(),
  sessionEnded: null,
});

export function useAuth(): AuthActions {
  return useContext(AuthContext);
}
