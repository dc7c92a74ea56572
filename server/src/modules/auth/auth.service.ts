import type { Config } from '../../config.js';
import type { Store } from '../../store/store.js';
import type { AccessTokenResponse } from '@toolworks/contract/auth';
import { nameSchema } from '@toolworks/contract/fields';
import { AppError } from '../../lib/app-error.js';
import {
  REMOVED_ACCOUNT_MESSAGE,
  signAccessToken,
  signInNotVerified,
  withCurrentRights,
  type VerifiedIdentity,
} from '../../auth/index.js';

interface AuthServiceDeps {
  config: Pick<Config, 'jwt' | 'adminEmails'>;
  store: Pick<Store, 'users'>;
}

export interface ExchangeRequest {
  identity: VerifiedIdentity;
  /** The `{email}` of `PUT /user/{email}`. */
  email: string;
  /** A display name offered in the body, e.g. right after sign-up before the ID token has it. */
  name?: string;
}

export const VERIFY_FOR_ADMIN_NOTICE =
  'Verify your email address to get your admin rights: open the link we sent you, then sign in again.';

/**
 * Trades a verified sign-in for the shop's access token. The path email must be the caller's own:
 * nobody gets a token for someone else, whatever the spec's old client used to send. A removed
 * address is refused; ADMIN_EMAILS gives admin rights only to a verified address, and takes the
 * rights it gave away from an address no longer listed.
 */
export async function exchangeToken(
  deps: AuthServiceDeps,
  request: ExchangeRequest,
): Promise<AccessTokenResponse> {
  const email = request.email.trim().toLowerCase();
  const { identity } = request;
  if (identity.email !== email) {
    throw AppError.forbidden('You can only get a token for your own email');
  }
  const known = await deps.store.users.getByEmail(email, { includeRemoved: true });
  if (known?.removedAt) throw AppError.forbidden(REMOVED_ACCOUNT_MESSAGE);
  if (identity.refusedFor) throw signInNotVerified(identity.refusedFor);
  // The provider's display name is whatever the person typed there: taken only when it is a
  // name the shop would accept in its own forms (it goes into other people's emails).
  const providerName = nameSchema.safeParse(identity.name);
  const name = request.name ?? (providerName.success ? providerName.data : undefined);
  const user = await deps.store.users.upsert(email, name);
  // Removed between the check and the upsert: the upsert does not let them back in.
  if (user.removedAt) throw AppError.forbidden(REMOVED_ACCOUNT_MESSAGE);

  const listed = deps.config.adminEmails.includes(email);
  if (listed && identity.emailVerified) await deps.store.users.makeAdmin(email, 'list');
  if (withCurrentRights(user, deps.config.adminEmails) !== user) {
    await deps.store.users.demoteListAdminsExcept(deps.config.adminEmails);
  }
  return {
    token: signAccessToken(email, deps.config),
    emailVerified: identity.emailVerified,
    ...(listed && !identity.emailVerified && { notice: VERIFY_FOR_ADMIN_NOTICE }),
  };
}

export async function isAdminEmail(
  deps: Pick<AuthServiceDeps, 'store' | 'config'>,
  email: string,
): Promise<boolean> {
  const user = await deps.store.users.getByEmail(email.trim().toLowerCase());
  return !!user && withCurrentRights(user, deps.config.adminEmails).role === 'admin';
}
