import { paths } from '@/config/paths';

interface FromState {
  from?: { pathname?: unknown; search?: unknown; hash?: unknown };
  /** The address to prefill (an invitation's), kept between login and sign-up. */
  email?: unknown;
}

/**
 * Where RequireAuth (or a page's "sign in" link) came from, carried in the location state from
 * login to sign-up and back; only same-site paths, so the state cannot send anyone away.
 */
export function returnPath(state: unknown, fallback: string = paths.root): string {
  const from = (state as FromState | null)?.from;
  const pathname = typeof from?.pathname === 'string' ? from.pathname : '';
  if (!pathname.startsWith('/') || pathname.startsWith('//')) return fallback;
  const search = typeof from?.search === 'string' ? from.search : '';
  const hash = typeof from?.hash === 'string' ? from.hash : '';
  return `${pathname}${search}${hash}`;
}

/** The state to hand on to the other auth page, so the way back (and the address) is not lost. */
export function keepFrom(state: unknown): { from?: unknown; email?: string } | undefined {
  const from = (state as FromState | null)?.from;
  const email = prefilledEmail(state);
  return from || email ? { ...(from ? { from } : {}), ...(email ? { email } : {}) } : undefined;
}

/** The address a link asked the sign-in forms to start with, else blank. */
export function prefilledEmail(state: unknown): string {
  const email = (state as FromState | null)?.email;
  return typeof email === 'string' ? email : '';
}
