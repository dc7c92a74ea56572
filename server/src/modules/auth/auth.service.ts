import type { Config } from '../../config.js';
import type { Store } from '../../store/store.js';
import { AppError } from '../../lib/app-error.js';
import { signAccessToken, type VerifiedIdentity } from '../../auth/index.js';

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

/**
 * Trades a verified sign-in for the shop's access token. The path email must be the caller's own:
 * nobody gets a token for someone else, whatever the spec's old client used to send.
 */
export async function exchangeToken(
  deps: AuthServiceDeps,
  request: ExchangeRequest,
): Promise<{ token: string }> {
  const email = request.email.trim().toLowerCase();
  if (request.identity.email !== email) {
    throw AppError.forbidden('You can only get a token for your own email');
  }
  await deps.store.users.upsert(email, request.name ?? request.identity.name);
  if (deps.config.adminEmails.includes(email)) await deps.store.users.makeAdmin(email);
  return { token: signAccessToken(email, deps.config) };
}

export async function isAdminEmail(
  deps: Pick<AuthServiceDeps, 'store'>,
  email: string,
): Promise<boolean> {
  const user = await deps.store.users.getByEmail(email.trim().toLowerCase());
  return user?.role === 'admin';
}
