import type { Request, RequestHandler, Response } from 'express';

export type HeaderValue = string | number | readonly string[];

export interface RecordedHeaders {
  /** Name and final value of each header the middleware set. */
  set: [string, HeaderValue][];
  /** Headers it removed. */
  removed: string[];
}

/**
 * Runs a middleware that only sets headers (helmet, cors) once, on a recording response, and
 * returns what it set. For headers that depend on nothing in the request but what `req` gives
 * here: helmet's (no CSP nonces), and cors's for a same-origin request (no Origin header).
 * Replaying them costs one loop instead of a dozen middleware calls per request, and lets the
 * listener's direct answers (lib/direct-routes.ts) carry exactly what Express's would.
 */
export function recordHeaders(
  middleware: RequestHandler,
  req: Pick<Request, 'method' | 'headers'> = { method: 'GET', headers: {} },
): RecordedHeaders {
  const headers = new Map<string, [string, HeaderValue]>();
  const removed: string[] = [];
  const recorder = {
    setHeader(name: string, value: HeaderValue) {
      headers.set(name.toLowerCase(), [name, value]);
      return recorder;
    },
    getHeader: (name: string) => headers.get(name.toLowerCase())?.[1],
    removeHeader(name: string) {
      headers.delete(name.toLowerCase());
      removed.push(name);
    },
  };
  let called = false;
  void middleware(req as Request, recorder as unknown as Response, () => (called = true));
  if (!called) throw new Error('the recorded middleware did not finish synchronously');
  return { set: [...headers.values()], removed };
}
