import type { IdentityVerifier } from '../../auth/index.js';
import { AppError } from '../../lib/app-error.js';

export type EmailVerification = Pick<IdentityVerifier, 'isEmailVerified'>;

const providerUnreachable = (cause: unknown) =>
  Object.assign(
    new AppError(
      'INTERNAL',
      'The sign-in provider could not be reached to check your email address; try again in a moment',
      502,
    ),
    { cause },
  );

/**
 * A trade account buys on invoice in a company's name, so, like admin rights, it needs an address
 * the sign-in provider has verified (asked of the provider, as "Make Admin" does, so a link
 * followed a minute ago counts without signing in again). 502 when the provider cannot say.
 */
export function isEmailVerified(identity: EmailVerification, email: string): Promise<boolean> {
  return identity.isEmailVerified(email).catch((err: unknown) => {
    throw providerUnreachable(err);
  });
}

/** The caller's own address must be verified: 403 saying what for. */
export async function requireVerifiedEmail(
  identity: EmailVerification,
  email: string,
  /** What it is needed for, e.g. "to apply for a trade account". */
  purpose: string,
) {
  if (!(await isEmailVerified(identity, email))) {
    throw new AppError(
      'FORBIDDEN',
      `Verify your email address ${purpose}: open the link we sent you, then try again`,
      403,
      { reason: 'email-not-verified' },
    );
  }
}
