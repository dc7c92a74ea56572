import type { ErrorRequestHandler, RequestHandler } from 'express';
import { ZodError } from 'zod';
import type { ErrorBody, ErrorCode } from '@toolworks/contract/errors';
import { AppError } from './app-error.js';

export const GENERIC_500_MESSAGE = 'Something went wrong on our side. Please try again.';

function body(code: ErrorCode, message: string, details?: unknown): ErrorBody {
  return { error: details === undefined ? { code, message } : { code, message, details } };
}

/** The JSON 404 for any route nobody answered (unknown `/api/*`, or a non-GET outside it). */
export const notFound: RequestHandler = (req, res) => {
  res.status(404).json(body('NOT_FOUND', `No route for ${req.method} ${req.path}`));
};

function fromZod(err: ZodError) {
  const details = err.issues.map((issue) => ({
    path: issue.path.join('.'),
    message: issue.message,
  }));
  // The message reaches a person as it is: the contract's messages name the field in words, and
  // the wire name (`availableQuantity`) stays in `details` for clients that place it.
  return body('VALIDATION_ERROR', details[0]?.message ?? 'Invalid input', details);
}

// body-parser and the router mark their errors with `type` and/or a 4xx `status`.
type HttpishError = { type?: unknown; status?: unknown } | null | undefined;

function fromHttpish(err: HttpishError): { status: number; body: ErrorBody } | undefined {
  switch (err?.type) {
    case 'entity.parse.failed':
      return { status: 400, body: body('BAD_JSON', 'The request body is not valid JSON') };
    case 'entity.too.large':
      return { status: 413, body: body('PAYLOAD_TOO_LARGE', 'The request body is too large') };
    case 'encoding.unsupported':
    case 'charset.unsupported':
      return {
        status: 415,
        body: body('UNSUPPORTED_MEDIA_TYPE', 'Unsupported content encoding or charset'),
      };
  }
  const status = err?.status;
  if (typeof status === 'number' && status >= 400 && status < 500) {
    return { status, body: body('VALIDATION_ERROR', 'The request could not be read') };
  }
  return undefined;
}

/**
 * What an error answers: its status and JSON body, and whether it is worth an operator's
 * attention (logged by the caller). Shared by the error middleware and the listener's direct
 * POST (lib/direct-post.ts), so both word every error alike.
 */
export function errorAnswer(err: unknown): { status: number; body: ErrorBody; log?: string } {
  if (err instanceof AppError) {
    // A 5xx we answer on purpose (a provider down) is still worth an operator's attention.
    return {
      status: err.status,
      body: body(err.code, err.message, err.details),
      ...(err.status >= 500 && { log: err.message }),
    };
  }
  if (err instanceof ZodError) return { status: 400, body: fromZod(err) };
  const known = fromHttpish(err as HttpishError);
  if (known) return known;
  return { status: 500, body: body('INTERNAL', GENERIC_500_MESSAGE), log: 'unexpected error' };
}

/** The one error middleware: registered last. Nothing unexpected leaks past a generic 500. */
export const errorHandler: ErrorRequestHandler = (err: unknown, req, res, _next) => {
  if (res.headersSent) {
    req.log?.error({ err }, 'error after the response started');
    res.end();
    return;
  }
  const answer = errorAnswer(err);
  if (answer.log) req.log?.error({ err }, answer.log);
  res.status(answer.status).json(answer.body);
};
