import { randomUUID } from 'node:crypto';
import os from 'node:os';
import path from 'node:path';
import request from 'supertest';
import type { ShopApp } from '../app.js';
import type { AppDeps } from '../deps.js';
import { loadConfig, type Config } from '../config.js';
import { createFirebaseIdentity } from '../auth/index.js';
import { createLogger } from '../lib/logger.js';
import { localImageStorage } from '../images/index.js';
import { emulatorSignIn, emulatorSignUp, setEmulatorEmailVerified } from './auth-emulator-tools.js';
import {
  createTestAccount,
  setTestAccountVerified,
  signInTestAccount,
  testIdentity,
} from './test-identity.js';
import type { Store } from '../store/store.js';

/**
 * Test helpers for signing in: users are created in the sign-in provider and trade their ID token
 * for the shop's access token over HTTP. The provider is the in-process test identity
 * (test-identity.ts), or with TEST_IDENTITY=emulator the Firebase Auth emulator (the `emulator`
 * project, which starts one): the helpers keep the emulator's names so both read alike.
 * Emails are unique per call, so test files running in parallel never see each other's users.
 */

const usesAuthEmulator = process.env.TEST_IDENTITY === 'emulator';

export function uniqueEmail(prefix = 'user'): string {
  return `${prefix}-${randomUUID().slice(0, 8)}@example.com`;
}

/**
 * The app's dependencies for a test: the config from the environment, a silent logger and the
 * test identity (or the real verifier against the emulator). Every test signs in from one address, so the
 * default config lifts the per-minute sign-in limit; the rate-limit test passes its own config.
 */
export function testDeps(
  store: Store,
  config: Config = loadConfig({
    AUTH_RATE_LIMIT_PER_MINUTE: '100000',
    // Tests place many orders per buyer; the cap is tested with its own config.
    MAX_UNPAID_ORDERS: '1000',
    ...process.env,
  }),
): AppDeps {
  return {
    config,
    store,
    logger: createLogger({ logLevel: 'silent' }),
    identity: usesAuthEmulator ? createFirebaseIdentity(config) : testIdentity,
    // Never the repository's data/ folder; a test that reads the files passes its own.
    images: localImageStorage(path.join(os.tmpdir(), 'toolworks-test-images')),
  };
}

export interface EmulatorUser {
  uid: string;
  email: string;
  password: string;
  displayName?: string;
  /** A fresh ID token for this user from the sign-in provider. */
  idToken: string;
}

/**
 * An account made as a sign-up makes it: its email is NOT verified unless `verified` is true
 * (then the ID token is a fresh one that says so, as after following the link).
 */
export async function createEmulatorUser(
  options: { email?: string; password?: string; displayName?: string; verified?: boolean } = {},
): Promise<EmulatorUser> {
  const email = options.email ?? uniqueEmail();
  const password = options.password ?? 'Secret123!';
  const { displayName } = options;
  const signUp = usesAuthEmulator ? emulatorSignUp : createTestAccount;
  const signedUp = await signUp({ email, password, ...(displayName ? { displayName } : {}) });
  const { uid } = signedUp;
  let { idToken } = signedUp;
  if (options.verified) {
    if (usesAuthEmulator) await setEmulatorEmailVerified(uid, true);
    else setTestAccountVerified(uid, true);
    idToken = await signInEmulatorUser(email, password);
  }
  return { uid, email, password, displayName, idToken };
}

/** A password sign-in: a fresh ID token. */
export async function signInEmulatorUser(email: string, password: string): Promise<string> {
  return usesAuthEmulator ? emulatorSignIn(email, password) : signInTestAccount(email, password);
}

export interface ShopSession extends EmulatorUser {
  /** The shop's access token, from `PUT /api/user/{email}`. */
  token: string;
  /** `Authorization` header value for the shop's protected calls. */
  bearer: string;
}

/**
 * A signed-in shop user: an account whose ID token went through the real token
 * exchange. Their email is verified unless `verified: false`. `admin: true` promotes them in
 * the store afterwards, as "Make Admin" would.
 */
export async function signInToShop(
  app: ShopApp,
  store: Store,
  options: { email?: string; displayName?: string; admin?: boolean; verified?: boolean } = {},
): Promise<ShopSession> {
  const user = await createEmulatorUser({
    email: options.email,
    displayName: options.displayName ?? 'Test User',
    verified: options.verified ?? true,
  });
  const res = await request(app)
    .put(`/api/user/${encodeURIComponent(user.email)}`)
    .set('Authorization', `Bearer ${user.idToken}`)
    .send({ email: user.email });
  if (res.status !== 200)
    throw new Error(`Token exchange failed: ${res.status} ${JSON.stringify(res.body)}`);
  if (options.admin) await store.users.makeAdmin(user.email);
  const token = (res.body as { token: string }).token;
  return { ...user, token, bearer: `Bearer ${token}` };
}
