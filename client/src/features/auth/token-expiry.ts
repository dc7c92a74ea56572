// The access token is renewed a minute before it expires, from the live Firebase session, so a
// shopper who keeps the tab open is never signed out mid-checkout.
const EARLY_MS = 60_000;
const MIN_DELAY_MS = 10_000;
const FALLBACK_MS = 10 * 60_000;

interface TokenClaims {
  email?: string;
  expiresAt?: number;
}

/** The claims the client reads: which account, and until when. Never trusted for anything else. */
export function tokenClaims(token: string): TokenClaims {
  const payload = token.split('.')[1];
  if (!payload) return {};
  try {
    const json = JSON.parse(atob(payload.replace(/-/g, '+').replace(/_/g, '/'))) as {
      email?: unknown;
      exp?: unknown;
    };
    return {
      email: typeof json.email === 'string' ? json.email : undefined,
      expiresAt: typeof json.exp === 'number' ? json.exp * 1000 : undefined,
    };
  } catch {
    return {};
  }
}

/** How long to wait before renewing `token`. */
export function renewalDelayMs(token: string, now = Date.now()): number {
  const { expiresAt } = tokenClaims(token);
  if (expiresAt === undefined) return FALLBACK_MS;
  return Math.max(MIN_DELAY_MS, expiresAt - now - EARLY_MS);
}

/** True while `token` lives long enough to be used before its renewal is due. */
export function outlivesRenewal(token: string, now = Date.now()): boolean {
  const { expiresAt } = tokenClaims(token);
  return expiresAt !== undefined && expiresAt - now > EARLY_MS + MIN_DELAY_MS;
}
