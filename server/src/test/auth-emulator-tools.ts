import { loadConfig } from '../config.js';

/**
 * Attacks and admin moves against the Firebase Auth emulator, for tests that prove the server
 * does not take a sign-in token at its word.
 */

function emulator() {
  const { emulatorHost, projectId } = loadConfig().firebase;
  if (!emulatorHost)
    throw new Error('FIREBASE_AUTH_EMULATOR_HOST is not set: run the tests through vitest');
  return { host: emulatorHost, projectId };
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

/** What an operator does in the Firebase console: the account can no longer sign in. */
export async function disableEmulatorUser(uid: string): Promise<void> {
  const { host, projectId } = emulator();
  const res = await fetch(
    `http://${host}/identitytoolkit.googleapis.com/v1/projects/${projectId}/accounts:update`,
    {
      method: 'POST',
      // The emulator accepts "owner" as an admin credential.
      headers: { 'content-type': 'application/json', authorization: 'Bearer owner' },
      body: JSON.stringify({ localId: uid, disableUser: true }),
    },
  );
  if (!res.ok) throw new Error(`Could not disable ${uid}: ${res.status} ${await res.text()}`);
}
