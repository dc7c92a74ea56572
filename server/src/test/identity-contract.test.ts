import { describe, expect, it } from 'vitest';
import { createFirebaseIdentity, type IdentityVerifier } from '../auth/index.js';
import { loadConfig } from '../config.js';
import { AppError } from '../lib/app-error.js';
import { emulatorSignIn, emulatorSignUp, setEmulatorEmailVerified } from './auth-emulator-tools.js';
import { uniqueEmail } from './sign-in.js';
import {
  createTestAccount,
  setTestAccountVerified,
  signInTestAccount,
  testIdentity,
} from './test-identity.js';

/**
 * The API tests sign in through the test identity; the shop signs in through Firebase. Both answer
 * these cases alike, so what the API tests prove holds for the real verifier (here against the
 * Firebase Auth emulator, in the `emulator` project).
 */

interface Provider {
  identity: IdentityVerifier;
  signUp(account: {
    email: string;
    password: string;
    displayName?: string;
  }): Promise<{ uid: string; idToken: string }>;
  signIn(email: string, password: string): Promise<string>;
  setVerified(uid: string, verified: boolean): Promise<void>;
}

const providers: Array<[string, () => Provider]> = [
  [
    'the test identity',
    () => ({
      identity: testIdentity,
      signUp: async (account) => createTestAccount(account),
      signIn: async (email, password) => signInTestAccount(email, password),
      setVerified: async (uid, verified) => setTestAccountVerified(uid, verified),
    }),
  ],
  [
    'Firebase (emulator)',
    () => ({
      identity: createFirebaseIdentity(loadConfig()),
      signUp: emulatorSignUp,
      signIn: emulatorSignIn,
      setVerified: setEmulatorEmailVerified,
    }),
  ],
];

const password = 'Secret123!';
/** What the token exchange answers for a refused token: the AppError's public face. */
const refusal = (error: unknown) => {
  if (!(error instanceof AppError)) throw error;
  return { status: error.status, code: error.code, message: error.message, details: error.details };
};

describe.each(providers)('%s as the IdentityVerifier', (_name, make) => {
  const provider = make();

  it('when there is no token, then 401 asking to sign in with the provider', async () => {
    expect(refusal(await provider.identity.verify('').catch((e: unknown) => e))).toEqual({
      status: 401,
      code: 'UNAUTHENTICATED',
      message: 'Sign in with the sign-in provider first',
      details: undefined,
    });
  });

  it('when the token is garbage, then 401 could not be verified, with the reason', async () => {
    expect(refusal(await provider.identity.verify('not-a-jwt').catch((e: unknown) => e))).toEqual({
      status: 401,
      code: 'UNAUTHENTICATED',
      message: 'Your sign-in could not be verified; please sign in again',
      details: { reason: 'auth/argument-error' },
    });
  });

  it('when a new account signs up, then its token proves its email and name, not yet verified', async () => {
    const email = uniqueEmail('contract');
    const { idToken } = await provider.signUp({ email, password, displayName: 'Ada Lovelace' });

    expect(await provider.identity.verify(idToken)).toEqual({
      email,
      name: 'Ada Lovelace',
      emailVerified: false,
    });
    expect(await provider.identity.isEmailVerified(email)).toBe(false);
  });

  it('when the address is verified, then a fresh token and the account say so', async () => {
    const email = uniqueEmail('contract');
    const { uid } = await provider.signUp({ email, password });

    await provider.setVerified(uid, true);

    expect(await provider.identity.verify(await provider.signIn(email, password))).toEqual({
      email,
      emailVerified: true,
    });
    expect(await provider.identity.isEmailVerified(email)).toBe(true);
  });

  it('when there is no such account, then it is not verified and cannot be disabled', async () => {
    const email = uniqueEmail('nobody');

    expect(await provider.identity.isEmailVerified(email)).toBe(false);
    expect(await provider.identity.setDisabled(email, true)).toBe(false);
  });

  it('when the account is disabled, then its token is refused for that; once re-enabled, old tokens stay revoked and a new sign-in works', async () => {
    const email = uniqueEmail('contract');
    const { idToken } = await provider.signUp({ email, password });
    // Firebase keeps the revocation time in whole seconds: a token from the same second passes.
    await new Promise((resolve) => setTimeout(resolve, 1100));

    expect(await provider.identity.setDisabled(email, true)).toBe(true);
    expect(await provider.identity.verify(idToken)).toEqual({
      email,
      emailVerified: false,
      refusedFor: 'auth/user-disabled',
    });

    expect(await provider.identity.setDisabled(email, false)).toBe(true);
    expect(await provider.identity.verify(idToken)).toMatchObject({
      refusedFor: 'auth/id-token-revoked',
    });
    expect(await provider.identity.verify(await provider.signIn(email, password))).toEqual({
      email,
      emailVerified: false,
    });
  });
});
