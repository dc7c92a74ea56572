import type { IncomingMessage, OutgoingHttpHeaders, ServerResponse } from 'node:http';
import type { Request, RequestHandler, Response } from 'express';
import { toJsonText } from './json-text.js';
import type { Logger } from './logger.js';
import { logServed } from './request-logger.js';

/**
 * A micro-cache for the public catalogue's JSON answers (the tool list and a tool's page).
 *
 * The routes answer through `cache.route(...)`, which keeps the exact response they sent (status
 * 200, every header Express and helmet set, the body). The next identical GET is answered by
 * `cache.serve` before Express runs at all, which is where most of a request's cost is (see
 * docs/performance.md). An entry is good while
 * - the store's `catalogueVersion()` is the one it was read under: every tool or stock write
 *   (new tool, edit, delete, an order placed or cancelled), in this process or, as the store
 *   reports it, in another instance on the same database, retires all entries;
 * - and it is younger than `ttlMs`, only a bound in case a write elsewhere goes unnoticed
 *   (MongoDB's version document is polled, see store/mongo/mongo-store.ts).
 *
 * Requests whose answer may differ from the kept one go to Express: conditional requests (it
 * answers 304), cross-origin ones (CORS headers depend on the Origin), and signed-in ones (a
 * company member sees their contract prices). A member's page is kept apart, under a key that
 * names their company (`serveKept`, `keepAs`: lib/direct-routes.ts decides who may read it), and
 * retires with the same version: a price list or an assignment written bumps it too.
 */
export interface ResponseCache {
  /** Answers from the cache and returns true, or returns false and leaves `res` untouched. */
  serve(req: IncomingMessage, res: ServerResponse): boolean;
  /**
   * A route handler that sends `produce`'s value as JSON (a `JsonText` as it is) and keeps the
   * answer when it may.
   */
  route(produce: (req: Request, res: Response) => Promise<unknown>): RequestHandler;
  /** False when `ttlMs` is 0: nothing is kept, and `version()` need not be read. */
  readonly enabled: boolean;
  /** The catalogue version to read an answer under: take it before reading the data. */
  version(): number;
  /**
   * Keeps a 200 answer to `req`, read under `version`, when it may be kept: for answers written
   * without Express (lib/direct-routes.ts). `route` does the same for Express's answers.
   */
  keep(req: IncomingMessage, version: number, headers: OutgoingHttpHeaders, body: Buffer): void;
  /**
   * Answers from the answer kept under `key` and returns true, or returns false: for answers kept
   * apart from the shared ones (a company's pages), whose caller has already decided who asks.
   */
  serveKept(key: string, req: IncomingMessage, res: ServerResponse): boolean;
  /** Keeps a 200 answer under `key`, read under `version` (see `serveKept`). */
  keepAs(key: string, version: number, headers: OutgoingHttpHeaders, body: Buffer): void;
}

export interface ResponseCacheOptions {
  /** 0 turns the cache off. */
  ttlMs: number;
  catalogueVersion: () => number;
  logger: Logger;
  maxEntries?: number;
  maxBodyBytes?: number;
  /** All kept bodies together; the oldest go first to stay under it. */
  maxTotalBytes?: number;
}

interface Entry {
  version: number;
  expiresAt: number;
  headers: OutgoingHttpHeaders;
  body: Buffer;
}

// A signed-in request may be answered with the buyer's own prices (contract price lists): never
// from, nor into, the shared cache.
const VARYING_REQUEST_HEADERS = [
  'origin',
  'if-none-match',
  'if-modified-since',
  'range',
  'authorization',
];

function cacheable(req: IncomingMessage): boolean {
  if (req.method !== 'GET') return false;
  for (const name of VARYING_REQUEST_HEADERS) if (req.headers[name] !== undefined) return false;
  return true;
}

export function createResponseCache({
  ttlMs,
  catalogueVersion,
  logger,
  maxEntries = 1000,
  maxBodyBytes = 512 * 1024,
  maxTotalBytes = 32 * 1024 * 1024,
}: ResponseCacheOptions): ResponseCache {
  // Insertion-ordered: when full, the oldest entries make room. Search terms are the visitors'
  // own, so both the number of keys and the bytes kept must be bounded.
  const entries = new Map<string, Entry>();
  let totalBytes = 0;

  function forget(key: string): void {
    const entry = entries.get(key);
    if (!entry) return;
    totalBytes -= entry.body.length;
    entries.delete(key);
  }

  function fresh(key: string): Entry | undefined {
    const entry = entries.get(key);
    if (!entry) return undefined;
    if (entry.version === catalogueVersion() && Date.now() < entry.expiresAt) return entry;
    forget(key);
    return undefined;
  }

  function keep(key: string, entry: Entry): void {
    if (entry.version !== catalogueVersion()) return; // a write landed while this was read
    forget(key);
    while (
      entries.size > 0 &&
      (entries.size >= maxEntries || totalBytes + entry.body.length > maxTotalBytes)
    ) {
      forget(entries.keys().next().value as string);
    }
    entries.set(key, entry);
    totalBytes += entry.body.length;
  }

  function keepFresh(key: string, version: number, headers: OutgoingHttpHeaders, body: Buffer) {
    if (ttlMs === 0 || body.length > maxBodyBytes) return;
    keep(key, { version, expiresAt: Date.now() + ttlMs, headers, body });
  }

  function serveKept(key: string, req: IncomingMessage, res: ServerResponse): boolean {
    if (ttlMs === 0) return false;
    const entry = fresh(key);
    if (!entry) return false;
    const started = process.hrtime.bigint();
    res.writeHead(200, entry.headers);
    res.end(entry.body);
    logServed(logger, req, res, started, { cached: true });
    return true;
  }

  const keepIfCacheable = (
    req: IncomingMessage,
    key: string,
    version: number,
    headers: OutgoingHttpHeaders,
    body: Buffer,
  ) => {
    if (cacheable(req)) keepFresh(key, version, headers, body);
  };

  return {
    enabled: ttlMs > 0,
    version: catalogueVersion,
    keep(req, version, headers, body) {
      if (req.url) keepIfCacheable(req, req.url, version, headers, body);
    },

    serve(req, res) {
      return cacheable(req) && req.url !== undefined && serveKept(req.url, req, res);
    },
    serveKept,
    keepAs: keepFresh,

    route(produce) {
      return async (req, res) => {
        // Read before the data: a write after this point retires what is produced below.
        const version = ttlMs === 0 ? 0 : catalogueVersion();
        const body = toJsonText(await produce(req, res));
        res.type('json').send(body);
        if (ttlMs === 0 || !cacheable(req) || res.statusCode !== 200) return;
        const key = req.originalUrl;
        res.once('finish', () => {
          keepIfCacheable(req, key, version, res.getHeaders(), Buffer.from(body));
        });
      };
    },
  };
}
