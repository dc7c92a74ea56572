import { ApiError } from '@/lib/api-client';

// The sign-in provider answers with codes such as `auth/wrong-password`; people get plain
// words. Wrong password and unknown account read the same, so the form does not reveal which
// addresses have accounts (real Firebase projects answer `auth/invalid-credential` for both).
const MESSAGES: Record<string, string> = {
  'auth/wrong-password': 'Wrong email or password.',
  'auth/user-not-found': 'Wrong email or password.',
  'auth/invalid-credential': 'Wrong email or password.',
  'auth/invalid-login-credentials': 'Wrong email or password.',
  'auth/email-already-in-use': 'An account with this email already exists. Log in instead.',
  'auth/weak-password': 'Choose a stronger password: at least 6 characters.',
  'auth/invalid-email': 'That email address is not valid.',
  'auth/missing-email': 'Enter your email address.',
  'auth/user-disabled':
    'This account has been disabled. Contact us if you think this is a mistake.',
  'auth/too-many-requests': 'Too many attempts. Wait a few minutes and try again.',
  'auth/network-request-failed':
    "We couldn't reach the sign-in service. Check your connection and try again.",
  'auth/popup-closed-by-user': 'The Google sign-in window was closed before you finished.',
  'auth/cancelled-popup-request': 'The Google sign-in window was closed before you finished.',
  'auth/popup-blocked':
    'Your browser blocked the Google sign-in window. Allow pop-ups and try again.',
  'auth/account-exists-with-different-credential':
    'This email already has an account with a password. Log in with your password.',
};

export const GENERIC_AUTH_ERROR = 'Something went wrong while signing in. Please try again.';

export function authErrorCode(error: unknown): string | undefined {
  const code = (error as { code?: unknown } | null)?.code;
  return typeof code === 'string' ? code : undefined;
}

export function authErrorMessage(error: unknown): string {
  // The shop's own answers (the token exchange) already carry a readable message.
  if (error instanceof ApiError) return error.message;
  const code = authErrorCode(error);
  return (code && MESSAGES[code]) || GENERIC_AUTH_ERROR;
}
