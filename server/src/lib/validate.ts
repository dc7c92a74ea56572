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
