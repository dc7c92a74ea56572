import type { IncomingMessage, ServerResponse } from 'node:http';
import type { RequestHandler } from 'express';
import type { Logger } from './logger.js';

declare module 'http' {
  interface IncomingMessage {
    /** The request's logger, carrying its id; set by `requestLogger`. */
    log?: Logger;
  }
}

let sequence = 0;
function nextRequestId(): number {
  sequence = (sequence + 1) % Number.MAX_SAFE_INTEGER;
  return sequence;
}

/**
 * The one line logged for each finished request (at `info`, except health checks). Used by
 * `requestLogger` and by the response cache, which answers before Express runs.
 */
export function logServed(
  logger: Logger,
  req: IncomingMessage,
  res: ServerResponse,
  started: bigint,
  extra: { reqId?: number; cached?: boolean } = {},
): void {
  if (!logger.isLevelEnabled('info')) return;
  const url = (req as { originalUrl?: string }).originalUrl ?? req.url;
  if (url === '/api/health') return;
  res.once('finish', () => {
    logger.info(
      {
        reqId: extra.reqId ?? nextRequestId(),
        method: req.method,
        url,
        status: res.statusCode,
        ms: Number(process.hrtime.bigint() - started) / 1e6,
        ...(extra.cached ? { cached: true } : {}),
      },
      'request completed',
    );
  });
}

/**
 * `req.log` for handlers and one log line per finished request. Replaces pino-http, which
 * built a child logger and serialised the request on every call even at level `silent`
 * (about a third of a bare Express app's throughput here, see docs/performance.md).
 */
export function requestLogger(logger: Logger): RequestHandler {
  return (req, res, next) => {
    const reqId = nextRequestId();
    // A child only when something will be written: the error handler and webhook use it.
    Object.defineProperty(req, 'log', {
      configurable: true,
      get: () => {
        const child = logger.child({ reqId, method: req.method, url: req.originalUrl });
        Object.defineProperty(req, 'log', { value: child, configurable: true });
        return child;
      },
    });
    logServed(logger, req, res, process.hrtime.bigint(), { reqId });
    next();
  };
}
