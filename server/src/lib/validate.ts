import { isUtf8 } from 'node:buffer';
import type { IncomingMessage } from 'node:http';
import type { Request, RequestHandler } from 'express';
import type { z } from 'zod';
import { AppError } from './app-error.js';

/*
 * Parse helpers for route handlers. They throw the ZodError as it is: the error handler turns it
 * into a 400 VALIDATION_ERROR with one detail per field.
 */

export function parseParams<S extends z.ZodType>(schema: S, req: Request): z.output<S> {
  return schema.parse(req.params);
}

export function parseQuery<S extends z.ZodType>(schema: S, req: Request): z.output<S> {
  return schema.parse(req.query);
}

export function parseBody<S extends z.ZodType>(schema: S, req: Request): z.output<S> {
  // express.json leaves the body undefined when nothing was sent; validate it as an empty object
  // so the client learns which fields are missing rather than "expected object".
  return schema.parse(req.body ?? {});
}

function carriesBody(req: Request): boolean {
  const length = req.headers['content-length'];
  // `Content-Length: 0` is what fetch sends for a bodiless PUT/POST: that is no body at all.
  return req.headers['transfer-encoding'] !== undefined || (length !== undefined && length !== '0');
}

/**
 * Refuses a request that carries a body in anything but JSON. Without it such a body is silently
 * skipped by the JSON parser and the route would report missing fields instead of the real cause.
 */
export const requireJson: RequestHandler = (req, _res, next) => {
  if (carriesBody(req) && !req.is('application/json')) {
    throw new AppError(
      'UNSUPPORTED_MEDIA_TYPE',
      'Send the request body as JSON (Content-Type: application/json)',
      415,
    );
  }
  next();
};

/**
 * `express.json`'s verify hook: a UTF-8 body must be valid UTF-8. Without it the decoder swaps bad
 * bytes for U+FFFD and the request goes on as if the client had sent that character.
 */
export function requireValidUtf8(
  _req: IncomingMessage,
  _res: unknown,
  body: Buffer,
  encoding: string | null,
): void {
  if ((encoding ?? 'utf-8').toLowerCase().replace('utf8', 'utf-8') === 'utf-8' && !isUtf8(body)) {
    throw new AppError('BAD_JSON', 'The request body is not valid UTF-8', 400);
  }
}
