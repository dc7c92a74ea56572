import { cert, getApps, initializeApp, type App, type AppOptions } from 'firebase-admin/app';
import { getAuth, type Auth } from 'firebase-admin/auth';
import type { Config } from '../config.js';
import { AppError } from '../lib/app-error.js';

export interface VerifiedIdentity {
  email: string;
  name?: string;
}

/** Proves who a caller is from a sign-in provider's ID token. */
export interface IdentityVerifier {
  verify(idToken: string): Promise<VerifiedIdentity>;
}

type FirebaseSettings = Config['firebase'];

function firebaseApp(settings: FirebaseSettings): App {
  // Named per project and mode, so several apps built in one process (tests) share one instance.
  const name = `toolworks-${settings.projectId}-${settings.emulatorHost ?? 'live'}`;
  const existing = getApps().find((app) => app.name === name);
  if (existing) return existing;
  const options: AppOptions = { projectId: settings.projectId };
  if (settings.serviceAccountJson)
    options.credential = cert(JSON.parse(settings.serviceAccountJson));
  // Without an explicit credential firebase-admin uses GOOGLE_APPLICATION_CREDENTIALS itself.
  return initializeApp(options, name);
}

/** firebase-admin's error codes that mean "this token does not prove anything". */
function isTokenRejection(error: unknown): boolean {
  const code = (error as { code?: unknown } | null)?.code;
  return (
    typeof code === 'string' &&
    /^auth\/(argument-error|invalid-id-token|id-token-expired|id-token-revoked|user-disabled|user-not-found)$/.test(
      code,
    )
  );
}

export function createFirebaseIdentity(config: Pick<Config, 'firebase'>): IdentityVerifier {
  const settings = config.firebase;
  if (settings.emulatorHost) {
    // firebase-admin takes the emulator address only from the environment; config.ts has
    // already refused this variable in production, so mirroring it here is safe.
    process.env.FIREBASE_AUTH_EMULATOR_HOST = settings.emulatorHost;
  }
  const auth: Auth = getAuth(firebaseApp(settings));

  return {
    async verify(idToken) {
      if (!idToken) throw AppError.unauthenticated('Sign in with the sign-in provider first');
      try {
        // checkRevoked: a disabled or signed-out-everywhere account gets no new shop token.
        const decoded = await auth.verifyIdToken(idToken, true);
        let email = decoded.email;
        if (settings.emulatorHost) {
          // Emulator tokens are unsigned, so a caller could write any email into one for an
          // existing uid; the emulator's own record of that uid is the truth.
          email = (await auth.getUser(decoded.uid)).email;
        }
        if (!email) throw AppError.unauthenticated('This sign-in has no email address');
        const name = typeof decoded.name === 'string' && decoded.name ? decoded.name : undefined;
        return { email: email.toLowerCase(), ...(name ? { name } : {}) };
      } catch (error) {
        if (error instanceof AppError) throw error;
        if (isTokenRejection(error)) {
          // The provider's reason (e.g. auth/id-token-expired) helps the client and our logs;
          // it says nothing about anyone else's account.
          throw new AppError(
            'UNAUTHENTICATED',
            'Your sign-in could not be verified; please sign in again',
            401,
            { reason: (error as { code: string }).code },
          );
        }
        throw error;
      }
    },
  };
}
