import { loadConfig } from '../config.js';

/**
 * The Firebase Auth emulator's REST API: sign-ups and sign-ins for the tests that run against it
 * (the `emulator` project), and attacks and admin moves for the tests that prove the server does
 * not take a sign-in token at its word.
 */

function emulator() {
  const { emulatorHost, projectId } = loadConfig().firebase;
  if (!emulatorHost)
    throw new Error(
      'FIREBASE_AUTH_EMULATOR_HOST is not set: run this file in the emulator project (npm run test:slow)',
    );
  return { host: emulatorHost, projectId };
}

async function callEmulator(
  path: string,
  body: object,
): Promise<{ idToken: string; localId: string }> {
  const res = await fetch(
    `http://${emulator().host}/identitytoolkit.googleapis.com/v1/${path}?key=test-key`,
    {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ ...body, returnSecureToken: true }),
    },
  );
  const json = (await res.json()) as { idToken?: string; localId?: string; error?: unknown };
  if (!res.ok || !json.idToken || !json.localId) {
    throw new Error(`Auth emulator ${path} failed: ${JSON.stringify(json.error ?? json)}`);
  }
  return { idToken: json.idToken, localId: json.localId };
}

/** A sign-up in the emulator: the account (email not verified) and its first ID token. */
export async function emulatorSignUp(options: {
  email: string;
  password: string;
  displayName?: string;
}): Promise<{ uid: string; idToken: string }> {
  const { localId, idToken } = await callEmulator('accounts:signUp', options);
  return { uid: localId, idToken };
}

/** A password sign-in in the emulator: a fresh ID token. */
export async function emulatorSignIn(email: string, password: string): Promise<string> {
  return (await callEmulator('accounts:signInWithPassword', { email, password })).idToken;
}

const base64url = (value: object) => Buffer.from(JSON.stringify(value)).toString('base64url');

/**
 * An ID token shaped exactly like the emulator's own (they are unsigned, `alg: none`), with any
 * uid and email the attacker likes.
 */
export function forgeEmulatorIdToken(claims: { uid: string; email: string }): string {
  const { projectId } = emulator();
  const now = Math.floor(Date.now() / 1000);
  const payload = {
    iss: `https://securetoken.google.com/${projectId}`,
    aud: projectId,
    auth_time: now,
    iat: now,
    exp: now + 3600,
    sub: claims.uid,
    user_id: claims.uid,
    email: claims.email,
    email_verified: true,
    firebase: { identities: { email: [claims.email] }, sign_in_provider: 'password' },
  };
  return `${base64url({ alg: 'none', typ: 'JWT' })}.${base64url(payload)}.`;
}

/** The emulator's admin `accounts:update` (what the admin SDK or the console changes). */
async function updateEmulatorAccount(uid: string, changes: object): Promise<void> {
  const { host, projectId } = emulator();
  const res = await fetch(
    `http://${host}/identitytoolkit.googleapis.com/v1/projects/${projectId}/accounts:update`,
    {
      method: 'POST',
      // The emulator accepts "owner" as an admin credential.
      headers: { 'content-type': 'application/json', authorization: 'Bearer owner' },
      body: JSON.stringify({ localId: uid, ...changes }),
    },
  );
  if (!res.ok) throw new Error(`Could not update ${uid}: ${res.status} ${await res.text()}`);
}

/** What an operator does in the Firebase console: the account can no longer sign in. */
export function disableEmulatorUser(uid: string): Promise<void> {
  return updateEmulatorAccount(uid, { disableUser: true });
}

/** As if the person followed (or had never followed) the verification link. */
export function setEmulatorEmailVerified(uid: string, emailVerified: boolean): Promise<void> {
  return updateEmulatorAccount(uid, { emailVerified });
}

/** The emulator's own record of an account: whether it is disabled and verified. */
export async function emulatorAccount(
  email: string,
): Promise<{ localId: string; disabled?: boolean; emailVerified?: boolean } | undefined> {
  const { host, projectId } = emulator();
  const res = await fetch(
    `http://${host}/identitytoolkit.googleapis.com/v1/projects/${projectId}/accounts:lookup`,
    {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: 'Bearer owner' },
      body: JSON.stringify({ email: [email] }),
    },
  );
  if (!res.ok) throw new Error(`Could not look up ${email}: ${res.status} ${await res.text()}`);
  const body = (await res.json()) as {
    users?: Array<{ localId: string; disabled?: boolean; emailVerified?: boolean }>;
  };
  return body.users?.[0];
}

/** A Google sign-in in the emulator, as the client's emulator chooser makes it. */
export async function signInWithEmulatorGoogle(
  email: string,
  emailVerified = true,
): Promise<{ uid: string; idToken: string }> {
  const { host } = emulator();
  const claims = { sub: `google-${email}`, email, email_verified: emailVerified };
  const res = await fetch(
    `http://${host}/identitytoolkit.googleapis.com/v1/accounts:signInWithIdp?key=test-key`,
    {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({
        postBody: `id_token=${encodeURIComponent(JSON.stringify(claims))}&providerId=google.com`,
        requestUri: 'http://localhost',
        returnSecureToken: true,
      }),
    },
  );
  const body = (await res.json()) as { idToken?: string; localId?: string };
  if (!res.ok || !body.idToken || !body.localId)
    throw new Error(`Google sign-in failed: ${JSON.stringify(body)}`);
  return { uid: body.localId, idToken: body.idToken };
}
