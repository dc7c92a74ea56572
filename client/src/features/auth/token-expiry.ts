// The access token is renewed a minute before it expires, from the live Firebase session, so a
// shopper who keeps the tab open is never signed out mid-checkout.
const EARLY_MS = 60_000;
const MIN_DELAY_MS = 10_000;
const FALLBACK_MS = 10 * 60_000;

function expiresAtMs(token: string): number | undefined {
  const payload = token.split('.')[1];
  if (!payload) return undefined;
  try {
    const json = JSON.parse(atob(payload.replace(/-/g, '+').replace(/_/g, '/'))) as {
      exp?: unknown;
    };
    return typeof json.exp === 'number' ? json.exp * 1000 : undefined;
  } catch {
    return undefined;
  }
}

/** How long to wait before renewing `token`; its expiry is read, not trusted for anything else. */
export function renewalDelayMs(token: string, now = Date.now()): number {
  const expiresAt = expiresAtMs(token);
  if (expiresAt === undefined) return FALLBACK_MS;
  return Math.max(MIN_DELAY_MS, expiresAt - now - EARLY_MS);
}
