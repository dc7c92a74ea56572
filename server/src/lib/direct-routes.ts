import type { IncomingMessage, OutgoingHttpHeaders, ServerResponse } from 'node:http';
import { AppError } from './app-error.js';
import { toJsonText } from './json-text.js';
import type { Logger } from './logger.js';
import type { ResponseCache } from './response-cache.js';
import { logServed } from './request-logger.js';

/**
 * A 200 JSON answer: the body (a value to serialise, or a `JsonText`), the route's own headers
 * (an `ETag` among them replaces the one Express's function would make).
 */
export interface DirectAnswer {
  body: unknown;
  headers?: Record<string, string>;
}

type Answer = (query: unknown, params: Record<string, string>) => Promise<DirectAnswer>;

/** A signed-in caller's own answer, kept apart from the public ones under `scope`. */
export interface OwnAnswer {
  /** Callers with the same scope get the same answer (a company's members: its prices). */
  scope: string;
  answer: Answer;
}

/**
 * A public GET route that the request listener may answer itself, without Express. The same
 * route stays registered in Express, which answers everything this one declines.
 */
export interface DirectRoute {
  /** The path's parameters when `pathname` is exactly this route's, else undefined. */
  match(pathname: string): Record<string, string> | undefined;
  /** The answer; throwing (bad input, not found, a failure) leaves the request to Express. */
  answer: Answer;
  /**
   * For a signed-in GET: the caller's own answer, or undefined when they see the public one.
   * Without it, signed-in requests go to Express. Throwing leaves the request to Express.
   */
  signedIn?(authorization: string): Promise<OwnAnswer | undefined>;
}

export interface DirectRoutesOptions {
  routes: readonly DirectRoute[];
  /**
   * Headers every answer carries (the security headers, and what CORS adds for same-origin):
   * constants recorded once at start-up, so nothing here may depend on the request
   * (`catalogue-direct.test.ts` fails if Express starts sending a per-request header).
   */
  headers: OutgoingHttpHeaders;
  /** Express's own query parser and ETag function (`app.get('query parser fn')`, `'etag fn'`). */
  parseQuery: (search: string) => unknown;
  etag: (body: Buffer) => string | undefined;
  cache: ResponseCache;
  logger: Logger;
}

/**
 * Requests whose answer is not simply "200 with the route's JSON" go to Express: conditional
 * requests (304), cross-origin ones (CORS), HEAD, and anything carrying a body. Signed-in ones
 * are plain too, for a route that says whose answer they get (a member's contract prices).
 */
function plainGet(req: IncomingMessage): boolean {
  const { headers } = req;
  return (
    req.method === 'GET' &&
    headers.origin === undefined &&
    headers['if-none-match'] === undefined &&
    headers['if-modified-since'] === undefined &&
    headers.range === undefined &&
    headers['transfer-encoding'] === undefined &&
    (headers['content-length'] === undefined || headers['content-length'] === '0')
  );
}

/**
 * The uncached catalogue's fast path. A bare Express 5 app reaches only about a fifth of bare
 * `node:http` here, so a page read from SQLite through Express could never reach the 0.15 asked
 * of it (docs/performance.md). The public catalogue's plain GETs are answered here instead, byte
 * for byte what Express would send (same headers, Express's own ETag function and query parser);
 * tests compare the two. Returns false, having touched nothing, when the request is not one of
 * them; `fallback` runs when a route declines after all (e.g. a 400 or 404 to be worded).
 */
export function createDirectRoutes(options: DirectRoutesOptions) {
  const { routes, headers: fixed, parseQuery, etag, cache, logger } = options;
  const declinedKinds = new Set<string>();

  /**
   * Says once per kind (a 404, a 400, an unexpected error's name) that the fast path handed a
   * request to Express, so a fallback that has become the rule shows in the log without
   * flooding it. Bad input and unknown ids are expected: info; anything else is a warning.
   */
  function logDeclined(err: unknown, req: IncomingMessage): void {
    const expected = err instanceof AppError && err.status < 500;
    const kind = err instanceof AppError ? `${err.status} ${err.code}` : errorName(err);
    if (declinedKinds.has(kind)) return;
    declinedKinds.add(kind);
    const message = expected
      ? 'a direct route declined a request (first of its kind): Express answers it'
      : 'a direct route failed (first of its kind): Express answers it';
    logger[expected ? 'info' : 'warn']({ err, kind, url: req.url }, message);
  }

  /** Whose answer a request gets: the public one (its key the URL), or a caller's own. */
  async function whose(
    req: IncomingMessage,
    route: DirectRoute,
  ): Promise<{ answer: Answer; key?: string } | undefined> {
    const { authorization } = req.headers;
    if (authorization === undefined) return { answer: route.answer };
    if (!route.signedIn) return undefined;
    // Read before the data (below): a write after this point retires what is produced.
    const own = await route.signedIn(authorization);
    if (!own) return { answer: route.answer };
    return { answer: own.answer, key: `${own.scope} ${req.url}` };
  }

  async function answer(
    req: IncomingMessage,
    res: ServerResponse,
    route: DirectRoute,
    params: Record<string, string>,
    search: string,
    fallback: () => void,
  ): Promise<void> {
    const started = process.hrtime.bigint();
    // Read before the data: a write after this point retires what is produced below.
    const version = cache.enabled ? cache.version() : 0;
    let text: string;
    let bytes: Buffer | undefined;
    let headers: OutgoingHttpHeaders;
    let kept: string | undefined;
    try {
      const caller = await whose(req, route);
      if (!caller) return fallback();
      kept = caller.key;
      // A signed-in caller who sees the public page reads the shared answer; a member their own.
      if (cache.serveKept(kept ?? (req.url as string), req, res)) return;
      const result = await caller.answer(parseQuery(search), params);
      text = toJsonText(result.body);
      // A route may give its own ETag (as Express's res.send keeps one that is set). The text is
      // made bytes only to be hashed or kept: Node writes a string to the socket without them.
      const own = result.headers?.ETag;
      if (own === undefined || cache.enabled) bytes = Buffer.from(text);
      const length = bytes ? bytes.length : Buffer.byteLength(text);
      headers = { ...fixed, ...result.headers, 'Content-Length': length };
      // A route's Vary adds to the fixed one (CORS's `Vary: Origin`), as Express's res.vary does.
      const fixedVary = fixed.Vary ?? fixed.vary;
      if (result.headers?.Vary && fixedVary) {
        delete headers.vary;
        headers.Vary = `${String(fixedVary)}, ${result.headers.Vary}`;
      }
      if (own === undefined) {
        const made = bytes && etag(bytes);
        if (made) headers.ETag = made;
      }
    } catch (err) {
      logDeclined(err, req);
      fallback();
      return;
    }
    if (res.destroyed) return;
    res.writeHead(200, headers);
    res.end(bytes ?? text);
    logServed(logger, req, res, started);
    if (!bytes || !cache.enabled) return;
    // A signed-in caller's public answer is the shared one, and kept as a signed-out one would be.
    if (kept) cache.keepAs(kept, version, headers, bytes);
    else cache.keepAs(req.url as string, version, headers, bytes);
  }

  return (req: IncomingMessage, res: ServerResponse, fallback: () => void): boolean => {
    if (!req.url || !plainGet(req)) return false;
    const q = req.url.indexOf('?');
    const pathname = q === -1 ? req.url : req.url.slice(0, q);
    for (const route of routes) {
      const params = route.match(pathname);
      if (!params) continue;
      if (req.headers.authorization !== undefined && !route.signedIn) return false;
      answer(req, res, route, params, q === -1 ? '' : req.url.slice(q + 1), fallback).catch(
        (err: unknown) => {
          logger.error({ err, url: req.url }, 'a direct answer failed after its headers');
          res.destroy();
        },
      );
      return true;
    }
    return false;
  };
}

function errorName(err: unknown): string {
  return err instanceof Error ? err.name : typeof err;
}
