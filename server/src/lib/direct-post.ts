import type { IncomingMessage, OutgoingHttpHeaders, ServerResponse } from 'node:http';
import type { Request, RequestHandler, Response } from 'express';
import proxyaddr from 'proxy-addr';
import { errorAnswer } from './error-handler.js';
import type { Logger } from './logger.js';
import { logServed } from './request-logger.js';
import type { HeaderValue } from './record-headers.js';
import { requireValidUtf8 } from './validate.js';

/** `express.json`'s limit for the API's bodies (app.ts), in bytes. */
export const JSON_BODY_LIMIT = 100 * 1024;

/** A route's answer: its status, its own headers, the value sent as JSON. */
export interface DirectPostAnswer {
  status: number;
  headers?: Record<string, string>;
  body: unknown;
}

/**
 * A JSON POST that the request listener may answer itself, without Express. The same route
 * stays registered in Express, with the same limiter in front of the same work, and answers
 * every request this one does not take.
 */
export interface DirectPostRoute {
  /** The exact request URL (no query string). */
  path: string;
  /** The route's rate limiter: the very middleware Express runs in front of the route. */
  limiter: RequestHandler;
  /**
   * The route's work, from the parsed body on: authentication, validation, the change. Throws
   * what Express's route throws (AppError, ZodError); `setHeader` sets a header where Express's
   * middleware would (the guard's `Cache-Control`), kept even when the route then throws.
   */
  answer(
    body: unknown,
    request: {
      authorization: string | undefined;
      /** The `Idempotency-Key` header, as Express's `req.get` gives it. */
      idempotencyKey: string | undefined;
      setHeader(name: string, value: string): void;
    },
  ): Promise<DirectPostAnswer>;
}

export interface DirectPostOptions {
  routes: readonly DirectPostRoute[];
  /** Headers every answer carries (security, and what CORS adds for same-origin), as recorded. */
  headers: Readonly<Record<string, HeaderValue>>;
  /** Express's own settings (`app.get('etag fn')`, `'trust proxy fn'`, and the app for the limiter). */
  etag: (body: Buffer) => string | undefined;
  trustProxy: (address: string, hop: number) => boolean;
  app: { get(setting: string): unknown };
  /** With CORS_ORIGINS set, a request carrying an Origin goes to Express's CORS middleware. */
  crossOrigin: boolean;
  logger: Logger;
}

type Header = [name: string, value: string | number | string[]];

/** The answer's headers by lower-cased name, in the order they were first set, as Node keeps them. */
class Headers {
  private readonly map = new Map<string, Header>();
  constructor(fixed: Readonly<Record<string, HeaderValue>>) {
    for (const [name, value] of Object.entries(fixed)) this.set(name, value);
  }
  set(name: string, value: HeaderValue) {
    this.map.set(name.toLowerCase(), [
      name,
      typeof value === 'number'
        ? value
        : typeof value === 'string'
          ? value
          : value.map((one) => String(one)),
    ]);
  }
  /** Express's `res.append`: a second value of a header makes a list. */
  append(name: string, value: string) {
    const prev = this.map.get(name.toLowerCase())?.[1];
    if (prev === undefined) this.set(name, value);
    else this.set(name, [...(Array.isArray(prev) ? prev : [String(prev)]), value]);
  }
  toObject(): OutgoingHttpHeaders {
    return Object.fromEntries(this.map.values());
  }
}

/** express.json's refusal of a body that is not JSON, as body-parser marks it. */
const notJson = () => Object.assign(new SyntaxError('not JSON'), { type: 'entity.parse.failed' });

/**
 * The body as `express.json({ verify: requireValidUtf8 })` reads it: valid UTF-8 (else 400), a
 * byte order mark dropped (iconv-lite's decoder does it), an object or an array (body-parser's
 * strict mode), then `JSON.parse`. The tests send each case to both paths.
 */
function parseJsonBody(req: IncomingMessage, raw: Buffer): unknown {
  requireValidUtf8(req, undefined, raw, 'utf-8');
  let text = raw.toString('utf8');
  if (text.charCodeAt(0) === 0xfeff) text = text.slice(1);
  // body-parser's whitespace before the first character: space, tab, line feed, return.
  const first = /^[ \t\n\r]*(.)/.exec(text)?.[1];
  if (first !== '{' && first !== '[') throw notJson();
  try {
    return JSON.parse(text) as unknown;
  } catch {
    throw notJson();
  }
}

const JSON_UTF8 = /^application\/json\s*(?:;\s*charset\s*=\s*(?:utf-8|"utf-8")\s*)?$/i;

/**
 * Only what Express would surely treat as a plain JSON body of the route goes direct: a declared
 * length within the limit (no chunked or compressed bodies), JSON in UTF-8, a bearer token, and
 * no Origin when CORS must answer it. Anything else goes to Express untouched, body unread.
 */
function plainJsonPost(req: IncomingMessage, crossOrigin: boolean): boolean {
  const { headers } = req;
  const length = headers['content-length'];
  const type = headers['content-type'];
  return (
    req.method === 'POST' &&
    headers['transfer-encoding'] === undefined &&
    headers['content-encoding'] === undefined &&
    length !== undefined &&
    /^[1-9]\d{0,6}$/.test(length) &&
    Number(length) <= JSON_BODY_LIMIT &&
    type !== undefined &&
    JSON_UTF8.test(type) &&
    headers.authorization !== undefined &&
    !(crossOrigin && headers.origin !== undefined)
  );
}

function readBody(req: IncomingMessage): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => resolve(chunks.length === 1 ? chunks[0]! : Buffer.concat(chunks)));
    req.on('error', reject);
    req.on('close', () => {
      if (!req.complete) reject(new Error('the client went away before its body ended'));
    });
  });
}

/**
 * Busy JSON POSTs answered by the listener (decision 010): what Express's chain does for them,
 * in its order (express.json, the route's limiter, the guard, the route), without the router,
 * the decorated request and response and their promise chain, which cost an order about a
 * third of its CPU. Parity is built in where it can be: the limiter is the route's own
 * express-rate-limit middleware, called with the request and response properties it reads (its
 * counts and headers are the library's), errors are worded by the error handler's
 * `errorAnswer`, and the route's work is the same function Express's route calls. The rest
 * (body reading, headers, ETag) is compared with Express's answer case by case in
 * `orders-direct.test.ts`. Returns false, having touched nothing, for any other request.
 */
export function createDirectPost(options: DirectPostOptions) {
  const { routes, headers: fixed, etag, trustProxy, app, crossOrigin, logger } = options;

  function send(res: ServerResponse, status: number, headers: Headers, body: unknown) {
    if (res.destroyed) return;
    const bytes = Buffer.from(JSON.stringify(body));
    headers.set('Content-Type', 'application/json; charset=utf-8');
    headers.set('Content-Length', bytes.length);
    const tag = etag(bytes);
    if (tag) headers.set('ETag', tag);
    res.writeHead(status, headers.toObject());
    res.end(bytes);
  }

  /** express-rate-limit's middleware, given what it reads of Express's request and response. */
  async function limit(route: DirectPostRoute, req: IncomingMessage, headers: Headers) {
    let status = 200;
    let refused: { status: number; body: unknown } | undefined;
    let passed = false;
    let failed: Error | undefined;
    const request = {
      ip: proxyaddr(req, trustProxy),
      app,
      method: req.method,
      url: req.url,
      originalUrl: req.url,
      headers: req.headers,
      socket: req.socket,
    };
    const response = {
      headersSent: false,
      writableEnded: false,
      setHeader: (name: string, value: string) => headers.set(name, value),
      append: (name: string, value: string) => headers.append(name, value),
      status(code: number) {
        status = code;
        return response;
      },
      json(body: unknown) {
        refused = { status, body };
        return response;
      },
    };
    await route.limiter(request as unknown as Request, response as unknown as Response, (err) => {
      if (err) failed = err instanceof Error ? err : new Error(String(err));
      else passed = true;
    });
    if (failed !== undefined) throw failed;
    if (!refused && !passed) throw new Error('the rate limiter neither answered nor passed on');
    return refused;
  }

  async function serve(route: DirectPostRoute, req: IncomingMessage, res: ServerResponse) {
    const started = process.hrtime.bigint();
    logServed(logger, req, res, started);
    const headers = new Headers(fixed);
    let raw: Buffer;
    try {
      raw = await readBody(req);
    } catch {
      res.destroy();
      return;
    }
    try {
      const body = parseJsonBody(req, raw);
      const refused = await limit(route, req, headers);
      if (refused) {
        send(res, refused.status, headers, refused.body);
        return;
      }
      const answer = await route.answer(body, {
        authorization: req.headers.authorization,
        idempotencyKey: req.headers['idempotency-key'] as string | undefined,
        setHeader: (name, value) => headers.set(name, value),
      });
      for (const [name, value] of Object.entries(answer.headers ?? {})) headers.set(name, value);
      send(res, answer.status, headers, answer.body);
    } catch (err) {
      const answer = errorAnswer(err);
      if (answer.log) logger.child({ method: req.method, url: req.url }).error({ err }, answer.log);
      send(res, answer.status, headers, answer.body);
    }
  }

  return (req: IncomingMessage, res: ServerResponse): boolean => {
    if (!plainJsonPost(req, crossOrigin)) return false;
    const route = routes.find((candidate) => candidate.path === req.url);
    if (!route) return false;
    serve(route, req, res).catch((err: unknown) => {
      logger.error({ err, url: req.url }, 'a direct POST failed after its headers');
      res.destroy();
    });
    return true;
  };
}
