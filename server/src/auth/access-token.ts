import { createSecretKey, type KeyObject } from 'node:crypto';
import jwt from 'jsonwebtoken';
import type { Config } from '../config.js';
import { AppError } from '../lib/app-error.js';

/**
 * The shop's own access token: a short-lived HS256 JWT carrying only the email. Roles are not in
 * it on purpose: they are read from the store on every request, so "Make Admin" (or removing a
 * user) takes effect at once.
 */

const ISSUER = 'toolworks';

type JwtConfig = Pick<Config, 'jwt'>;

// jsonwebtoken turns a string secret into a KeyObject on every call (measured ~3.5 ms under
// load); one KeyObject per secret removes that from every authenticated request.
const keys = new Map<string, KeyObject>();
function keyFor(config: JwtConfig): KeyObject {
  let key = keys.get(config.jwt.secret);
  if (!key) {
    key = createSecretKey(Buffer.from(config.jwt.secret, 'utf8'));
    keys.set(config.jwt.secret, key);
  }
  return key;
}

export function signAccessToken(email: string, config: JwtConfig): string {
  // `iat` is whole seconds; a restore within the second of a removal must still tell a token
  // issued before the removal from one issued after it, hence the milliseconds too.
  return jwt.sign({ email, iatMs: Date.now() }, keyFor(config), {
    algorithm: 'HS256',
    expiresIn: config.jwt.ttlSeconds,
    issuer: ISSUER,
    subject: email,
  });
}

/** Tokens already verified (per secret), with their email and expiry: see `verifyAccessToken`. */
type Verified = { email: string; expiresAt: number; issuedAt: number };
const verified = new Map<string, Map<string, Verified>>();
const VERIFIED_KEPT = 10_000;

function verifyOnce(token: string, config: JwtConfig): Verified {
  let payload: string | jwt.JwtPayload;
  try {
    // Pinning the algorithm is what rejects `alg: none` and RS256/HS256 confusion.
    payload = jwt.verify(token, keyFor(config), { algorithms: ['HS256'], issuer: ISSUER });
  } catch (error) {
    if (error instanceof jwt.TokenExpiredError) throw expired();
    throw AppError.unauthenticated('Your session is not valid; please sign in again');
  }
  const email: unknown = typeof payload === 'object' ? payload.email : undefined;
  // jsonwebtoken accepts a token without `exp` as never expiring; ours always carry JWT_TTL's.
  const expires = typeof payload === 'object' ? payload.exp : undefined;
  if (typeof email !== 'string' || !email || typeof expires !== 'number') {
    throw AppError.unauthenticated('Your session is not valid; please sign in again');
  }
  const claims = typeof payload === 'object' ? payload : {};
  // A token without iatMs (signed before it existed) counts from the start of its `iat` second.
  const issuedAt =
    typeof claims.iatMs === 'number'
      ? claims.iatMs
      : typeof claims.iat === 'number'
        ? claims.iat * 1000
        : 0;
  return { email, expiresAt: expires * 1000, issuedAt };
}

const expired = () => AppError.unauthenticated('Your session has expired; please sign in again');

/**
 * The token's email if it is the shop's, unexpired, HS256 token. A token's signature is checked
 * once: a signed-in buyer sends the same token with every call, and the check (jsonwebtoken's
 * parsing and the HMAC) was a tenth of an order's CPU. The result is kept by exact token text and
 * secret, and the expiry is checked on every call; roles and removal are read from the store by
 * the guards, never from here.
 */
export function verifyAccessToken(
  token: string,
  config: JwtConfig,
): { email: string; issuedAt: number } {
  let known = verified.get(config.jwt.secret);
  if (!known) verified.set(config.jwt.secret, (known = new Map<string, Verified>()));
  let entry = known.get(token);
  if (!entry) {
    entry = verifyOnce(token, config);
    if (known.size >= VERIFIED_KEPT) known.clear();
    known.set(token, entry);
  }
  if (entry.expiresAt <= Date.now()) {
    known.delete(token);
    throw expired();
  }
  return { email: entry.email, issuedAt: entry.issuedAt };
}
