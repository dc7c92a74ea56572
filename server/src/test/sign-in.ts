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
import { setEmulatorEmailVerified } from './auth-emulator-tools.js';
import type { Store } from '../store/store.js';

/**
 * Test helpers for signing in for real: users are created in the Firebase Auth emulator (started
 * by the vitest globalSetup) and trade their ID token for the shop's access token over HTTP.
 * Emails are unique per call, so test files running in parallel never see each other's users.
 */

export function uniqueEmail(prefix = 'user'): string {
  return `${prefix}-${randomUUID().slice(0, 8)}@example.com`;
}

/**
 * The app's dependencies for a test: the config from the environment, a silent logger and the
 * real identity verifier against the emulator. Every test signs in from the same address, so the
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
    identity: createFirebaseIdentity(config),
    // Never the repository's data/ folder; a test that reads the files passes its own.
    images: localImageStorage(path.join(os.tmpdir(), 'toolworks-test-images')),
  };
}

function emulatorUrl(path: string): string {
  const host = loadConfig().firebase.emulatorHost;
  if (!host)
    throw new Error('FIREBASE_AUTH_EMULATOR_HOST is not set: run the tests through vitest');
  return `http://${host}/identitytoolkit.googleapis.com/v1/${path}?key=test-key`;
}

async function callEmulator(
  path: string,
  body: object,
): Promise<{ idToken: string; localId: string }> {
  const res = await fetch(emulatorUrl(path), {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ ...body, returnSecureToken: true }),
  });
  const json = (await res.json()) as { idToken?: string; localId?: string; error?: unknown };
  if (!res.ok || !json.idToken || !json.localId) {
    throw new Error(`Auth emulator ${path} failed: ${JSON.stringify(json.error ?? json)}`);
  }
  return { idToken: json.idToken, localId: json.localId };
}

export interface EmulatorUser {
  uid: string;
  email: string;
  password: string;
  displayName?: string;
  /** A fresh Firebase ID token for this user. */
  idToken: string;
}

/**
 * An emulator account made as a sign-up makes it: its email is NOT verified unless `verified`
 * is true (then the ID token is a fresh one that says so, as after following the link).
 */
export async function createEmulatorUser(
  options: { email?: string; password?: string; displayName?: string; verified?: boolean } = {},
): Promise<EmulatorUser> {
  const email = options.email ?? uniqueEmail();
  const password = options.password ?? 'Secret123!';
  const signedUp = await callEmulator('accounts:signUp', {
    email,
    password,
    ...(options.displayName ? { displayName: options.displayName } : {}),
  });
  let { idToken } = signedUp;
  if (options.verified) {
    await setEmulatorEmailVerified(signedUp.localId, true);
    idToken = await signInEmulatorUser(email, password);
  }
  return { uid: signedUp.localId, email, password, displayName: options.displayName, idToken };
}

export async function signInEmulatorUser(email: string, password: string): Promise<string> {
  return (await callEmulator('accounts:signInWithPassword', { email, password })).idToken;
}

export interface ShopSession extends EmulatorUser {
  /** The shop's access token, from `PUT /api/user/{email}`. */
  token: string;
  /** `Authorization` header value for the shop's protected calls. */
  bearer: string;
}

/**
 * A signed-in shop user: an emulator account whose ID token went through the real token
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
