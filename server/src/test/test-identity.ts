import { randomUUID } from 'node:crypto';
import {
  noSignIn,
  signInNotVerified,
  type IdentityVerifier,
  type VerifiedIdentity,
} from '../auth/index.js';

/**
 * The sign-in provider for API tests, in process: accounts and opaque ID tokens in memory, so a
 * test signs in without the Firebase Auth emulator. It answers as `createFirebaseIdentity` does
 * against the emulator (identity-contract.test.ts runs the same cases against both): a token it
 * never issued is refused with Firebase's reason, a disabled account's token comes back marked
 * refused, and disabling revokes every token issued before (they stay refused once re-enabled).
 * One registry per test file (vitest isolates each file's modules).
 */

interface Account {
  uid: string;
  email: string;
  password: string;
  displayName?: string;
  emailVerified: boolean;
  disabled: boolean;
  /** Tokens minted before this tick were revoked (Firebase's `tokensValidAfterTime`). */
  validAfter: number;
}

interface IssuedToken {
  uid: string;
  /** The display name the token carries, as Firebase's `name` claim. */
  name?: string;
  mintedAt: number;
}

const accounts = new Map<string, Account>();
const uidByEmail = new Map<string, string>();
const tokens = new Map<string, IssuedToken>();
/** A counter, not the wall clock: a sign-in right after a revocation must count as after it. */
let tick = 0;

const accountByEmail = (email: string) => {
  const uid = uidByEmail.get(email.toLowerCase());
  return uid ? accounts.get(uid) : undefined;
};

function mint(account: Account): string {
  const idToken = `test-id-token.${randomUUID()}`;
  const { uid, displayName: name } = account;
  tokens.set(idToken, { uid, mintedAt: ++tick, ...(name ? { name } : {}) });
  return idToken;
}

/** A sign-up: a new account (unverified unless `emailVerified`) and its first ID token. */
export function createTestAccount(options: {
  email: string;
  password: string;
  displayName?: string;
  emailVerified?: boolean;
}): { uid: string; idToken: string } {
  const email = options.email.toLowerCase();
  if (uidByEmail.has(email)) throw new Error(`Test identity: ${email} has an account already`);
  const account: Account = {
    uid: randomUUID(),
    email,
    password: options.password,
    ...(options.displayName ? { displayName: options.displayName } : {}),
    emailVerified: options.emailVerified ?? false,
    disabled: false,
    validAfter: 0,
  };
  accounts.set(account.uid, account);
  uidByEmail.set(email, account.uid);
  return { uid: account.uid, idToken: mint(account) };
}

/** A password sign-in: a fresh ID token, as the provider gives one after each sign-in. */
export function signInTestAccount(email: string, password: string): string {
  const account = accountByEmail(email);
  if (!account || account.password !== password)
    throw new Error(`Test identity: no account ${email} with that password`);
  if (account.disabled) throw new Error(`Test identity: ${email} is disabled`);
  return mint(account);
}

/** As if the person followed (or had never followed) the verification link. */
export function setTestAccountVerified(uid: string, emailVerified: boolean): void {
  const account = accounts.get(uid);
  if (!account) throw new Error(`Test identity: no account ${uid}`);
  account.emailVerified = emailVerified;
}

export const testIdentity: IdentityVerifier = {
  verify(idToken) {
    if (!idToken) return Promise.reject(noSignIn());
    const issued = tokens.get(idToken);
    // Firebase's reasons: a token that does not decode, and one whose account is gone.
    if (!issued) return Promise.reject(signInNotVerified('auth/argument-error'));
    const account = accounts.get(issued.uid);
    if (!account) return Promise.reject(signInNotVerified('auth/user-not-found'));
    const refusedFor = account.disabled
      ? 'auth/user-disabled'
      : issued.mintedAt < account.validAfter
        ? 'auth/id-token-revoked'
        : undefined;
    const identity: VerifiedIdentity = {
      email: account.email,
      ...(issued.name ? { name: issued.name } : {}),
      emailVerified: account.emailVerified,
      ...(refusedFor ? { refusedFor } : {}),
    };
    return Promise.resolve(identity);
  },

  isEmailVerified(email) {
    return Promise.resolve(accountByEmail(email)?.emailVerified ?? false);
  },

  setDisabled(email, disabled) {
    const account = accountByEmail(email);
    if (!account) return Promise.resolve(false);
    account.disabled = disabled;
    // Firebase's revokeRefreshTokens: every token issued so far stops, re-enabled or not.
    if (disabled) account.validAfter = ++tick;
    return Promise.resolve(true);
  },
};
