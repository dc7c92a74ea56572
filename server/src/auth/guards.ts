import type { Request, RequestHandler, Response } from 'express';
import type { Config } from '../config.js';
import { AppError } from '../lib/app-error.js';
import type { Store, UserRecord } from '../store/store.js';
import { verifyAccessToken } from './access-token.js';

export interface GuardDeps {
  config: Pick<Config, 'jwt' | 'adminEmails'>;
  store: Pick<Store, 'users'>;
}

export const REMOVED_ACCOUNT_MESSAGE = 'This account was removed by the shop';
const SESSION_ENDED_MESSAGE = 'Your session has ended; please sign in again';

/**
 * The user as their rights stand now: an admin right that came from ADMIN_EMAILS lasts only
 * while the address is listed, so taking it off the list (and restarting) ends it at the next
 * request, before any sign-in or start-up tidies the stored role.
 */
export function withCurrentRights(user: UserRecord, adminEmails: readonly string[]): UserRecord {
  if (user.role !== 'admin' || user.adminSource !== 'list' || adminEmails.includes(user.email))
    return user;
  const { role: _role, adminSource: _source, ...customer } = user;
  return customer;
}

// Keyed by the request object, so no global Express type augmentation is needed.
const callers = new WeakMap<Request, UserRecord>();

export function bearerToken(req: Request): string | undefined {
  return bearerIn(req.get('authorization'));
}

/** The token of an `Authorization: Bearer ...` header, or undefined. */
export const bearerIn = (authorization: string | undefined) =>
  /^Bearer\s+(\S+)\s*$/i.exec(authorization ?? '')?.[1];

/**
 * The caller an `Authorization` header proves, as their rights stand now; 401 otherwise. The
 * guards below run it for Express's routes, the listener's direct POST (lib/direct-post.ts)
 * for its own.
 */
export async function authenticateBearer(
  authorization: string | undefined,
  deps: GuardDeps,
): Promise<UserRecord> {
  const token = bearerIn(authorization);
  if (!token) throw AppError.unauthenticated();
  const { email, issuedAt } = verifyAccessToken(token, deps.config);
  // A valid token of a user the shop has since removed proves nothing any more.
  const stored = await deps.store.users.getByEmail(email, { includeRemoved: true });
  if (!stored) throw AppError.unauthenticated('Your account is no longer in the shop');
  if (stored.removedAt) throw AppError.unauthenticated(REMOVED_ACCOUNT_MESSAGE);
  // A restored account: the sessions of before its removal stay ended.
  if (stored.sessionsValidFrom && issuedAt <= Date.parse(stored.sessionsValidFrom))
    throw AppError.unauthenticated(SESSION_ENDED_MESSAGE);
  return withCurrentRights(stored, deps.config.adminEmails);
}

/** Whatever the outcome, an answer to a signed-in call is that person's: never kept by a cache. */
export const SIGNED_IN_CACHE_CONTROL = 'no-store';

async function authenticate(req: Request, res: Response, deps: GuardDeps): Promise<UserRecord> {
  res.set('Cache-Control', SIGNED_IN_CACHE_CONTROL);
  const user = await authenticateBearer(req.get('authorization'), deps);
  callers.set(req, user);
  return user;
}

/** Requires a valid access token of a user the shop knows; 401 otherwise. */
export function requireUser(deps: GuardDeps): RequestHandler {
  return async (req, res, next) => {
    await authenticate(req, res, deps);
    next();
  };
}

/** Requires an admin, with the role read from the store on each request; 401, then 403. */
export function requireAdmin(deps: GuardDeps): RequestHandler {
  return async (req, res, next) => {
    const user = await authenticate(req, res, deps);
    if (user.role !== 'admin') throw AppError.forbidden('Only an admin can do this');
    next();
  };
}

/** The caller set by `requireUser`/`requireAdmin`; calling it on an unguarded route is a bug. */
export function currentUser(req: Request): UserRecord {
  const user = callers.get(req);
  if (!user) throw new Error('currentUser() used on a route without requireUser/requireAdmin');
  return user;
}

/** The resource belongs to `email`: only that user or an admin may touch it. */
export function assertSelfOrAdmin(req: Request, email: string): void {
  const user = currentUser(req);
  if (user.role === 'admin') return;
  if (user.email.toLowerCase() !== email.trim().toLowerCase()) {
    throw AppError.forbidden('You can only do this for your own account');
  }
}
