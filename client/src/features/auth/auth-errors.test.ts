import { describe, expect, it } from 'vitest';
import { ApiError } from '@/lib/api-client';
import { authErrorMessage, GENERIC_AUTH_ERROR } from './auth-errors';
import { renewalDelayMs } from './token-expiry';

const providerError = (code: string) =>
  Object.assign(new Error(`Firebase: Error (${code}).`), { code });

describe('authErrorMessage', () => {
  it.each([
    ['auth/wrong-password', 'Wrong email or password.'],
    ['auth/user-not-found', 'Wrong email or password.'],
    ['auth/invalid-credential', 'Wrong email or password.'],
    ['auth/email-already-in-use', 'An account with this email already exists. Log in instead.'],
    ['auth/weak-password', 'Choose a stronger password: at least 6 characters.'],
    ['auth/invalid-email', 'That email address is not valid.'],
    [
      'auth/user-disabled',
      'This account has been disabled. Contact us if you think this is a mistake.',
    ],
    ['auth/too-many-requests', 'Too many attempts. Wait a few minutes and try again.'],
    [
      'auth/network-request-failed',
      "We couldn't reach the sign-in service. Check your connection and try again.",
    ],
    ['auth/popup-closed-by-user', 'The Google sign-in window was closed before you finished.'],
  ])('when the provider answers %s, then it reads "%s"', (code, message) => {
    expect(authErrorMessage(providerError(code))).toBe(message);
  });

  it('when the code is unknown, then a generic sentence shows, never the raw code', () => {
    expect(authErrorMessage(providerError('auth/internal-error'))).toBe(GENERIC_AUTH_ERROR);
  });

  it("when the shop's token exchange failed, then the shop's own message shows", () => {
    expect(
      authErrorMessage(
        new ApiError(403, 'FORBIDDEN', 'You can only get a token for your own email'),
      ),
    ).toBe('You can only get a token for your own email');
  });
});

describe('renewalDelayMs', () => {
  const token = (exp: number) => `x.${btoa(JSON.stringify({ exp })).replace(/=+$/, '')}.y`;

  it('when the token lasts an hour, then renewal is a minute before it ends', () => {
    const now = 1_700_000_000_000;
    expect(renewalDelayMs(token(now / 1000 + 3600), now)).toBe(3540_000);
  });

  it('when the token is about to end or unreadable, then renewal waits a short floor or a safe default', () => {
    const now = 1_700_000_000_000;
    expect(renewalDelayMs(token(now / 1000 + 5), now)).toBe(10_000);
    expect(renewalDelayMs('garbage', now)).toBe(600_000);
  });
});
