import {
  cert,
  getApps,
  initializeApp,
  type App,
  type AppOptions,
  type ServiceAccount,
} from 'firebase-admin/app';
import { getAuth, type Auth, type DecodedIdToken, type UserRecord } from 'firebase-admin/auth';
import type { Config } from '../config.js';
import { AppError } from '../lib/app-error.js';

export interface VerifiedIdentity {
  email: string;
  name?: string;
  /** The provider vouches for the address (`email_verified`, whichever way the person signed in). */
  emailVerified: boolean;
  /**
   * The token is genuine but no longer honoured by the provider (`auth/user-disabled`,
   * `auth/id-token-revoked`): the caller must refuse it, and may say why (a removed account).
   */
  refusedFor?: string;
}

/** No ID token at all: the caller has not signed in with the provider. */
export const noSignIn = () => AppError.unauthenticated('Sign in with the sign-in provider first');

/**
 * The provider does not vouch for this token. Its reason (e.g. auth/id-token-expired) helps the
 * client and our logs; it says nothing about anyone else's account.
 */
export const signInNotVerified = (reason: string) =>
  new AppError('UNAUTHENTICATED', 'Your sign-in could not be verified; please sign in again', 401, {
    reason,
  });

/**
 * Proves who a caller is from a sign-in provider's ID token, and manages the provider's side of
 * an account (admin SDK): whether its address is verified, and whether it may sign in at all.
 */
export interface IdentityVerifier {
  verify(idToken: string): Promise<VerifiedIdentity>;
  /** Whether the provider's account for this address is verified; false when there is none. */
  isEmailVerified(email: string): Promise<boolean>;
  /** Disables or re-enables sign-in for this address; false when the provider has no account. */
  setDisabled(email: string, disabled: boolean): Promise<boolean>;
}

/**
 * Only the provider's `email_verified` counts, for Google sign-ins too: a Google account can carry
 * an address Google has not checked (one added to a Google account made elsewhere), and Firebase
 * then says `email_verified: false`.
 */
function recordIsVerified(user: UserRecord): boolean {
  return user.emailVerified;
}

function tokenIsVerified(decoded: DecodedIdToken): boolean {
  return decoded.email_verified === true;
}

const isNoSuchUser = (error: unknown) =>
  (error as { code?: unknown } | null)?.code === 'auth/user-not-found';

type FirebaseSettings = Config['firebase'];

function firebaseApp(settings: FirebaseSettings): App {
  // Named per project and mode, so several apps built in one process (tests) share one instance.
  const name = `toolworks-${settings.projectId}-${settings.emulatorHost ?? 'live'}`;
  const existing = getApps().find((app) => app.name === name);
  if (existing) return existing;
  const options: AppOptions = { projectId: settings.projectId };
  if (settings.serviceAccountJson)
    options.credential = cert(JSON.parse(settings.serviceAccountJson) as ServiceAccount);
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

  const findUser = (email: string) =>
    auth.getUserByEmail(email).catch((error: unknown) => {
      if (isNoSuchUser(error)) return null;
      throw error;
    });

  async function identityOf(
    decoded: DecodedIdToken,
    refusedFor?: string,
  ): Promise<VerifiedIdentity> {
    let email = decoded.email;
    let emailVerified = tokenIsVerified(decoded);
    if (settings.emulatorHost) {
      // Emulator tokens are unsigned, so a caller could write any email (or a verified flag, or
      // a Google provider) into one for an existing uid; the emulator's own record is the truth.
      const user = await auth.getUser(decoded.uid);
      email = user.email;
      emailVerified = recordIsVerified(user);
    }
    if (!email) throw AppError.unauthenticated('This sign-in has no email address');
    const name = typeof decoded.name === 'string' && decoded.name ? decoded.name : undefined;
    return {
      email: email.toLowerCase(),
      ...(name ? { name } : {}),
      emailVerified,
      ...(refusedFor ? { refusedFor } : {}),
    };
  }

  /** The token's claims without the disabled/revoked check (only to say why it is refused). */
  async function decodeUnrevoked(idToken: string): Promise<DecodedIdToken | undefined> {
    if (!settings.emulatorHost) return auth.verifyIdToken(idToken, false).catch(() => undefined);
    // Against the emulator firebase-admin checks disabled/revoked whatever it is asked; its
    // tokens are unsigned anyway, and identityOf reads the emulator's record of the uid.
    try {
      const claims: unknown = JSON.parse(
        Buffer.from(idToken.split('.')[1] ?? '', 'base64url').toString('utf8'),
      );
      const uid = (claims as { sub?: unknown } | null)?.sub;
      return typeof uid === 'string' && uid
        ? ({ ...(claims as object), uid } as DecodedIdToken)
        : undefined;
    } catch {
      return undefined;
    }
  }

  return {
    async verify(idToken) {
      if (!idToken) throw noSignIn();
      try {
        // checkRevoked: a disabled or signed-out-everywhere account gets no new shop token.
        return await identityOf(await auth.verifyIdToken(idToken, true));
      } catch (error) {
        if (error instanceof AppError) throw error;
        const code = (error as { code?: unknown } | null)?.code;
        if (code === 'auth/user-disabled' || code === 'auth/id-token-revoked') {
          // Genuine, but disabled or revoked: the caller refuses it, and says why when the shop
          // removed this person (their own message). Still 401 below if not genuine at all.
          const decoded = await decodeUnrevoked(idToken);
          if (decoded) return identityOf(decoded, code);
        }
        if (isTokenRejection(error)) throw signInNotVerified((error as { code: string }).code);
        throw error;
      }
    },

    async isEmailVerified(email) {
      const user = await findUser(email);
      return user ? recordIsVerified(user) : false;
    },

    async setDisabled(email, disabled) {
      const user = await findUser(email);
      if (!user) return false;
      if (user.disabled !== disabled) await auth.updateUser(user.uid, { disabled });
      // Refresh tokens stop too, so no Firebase session can mint new ID tokens.
      if (disabled) await auth.revokeRefreshTokens(user.uid);
      return true;
    },
  };
}
