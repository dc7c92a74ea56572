import type { RequestHandler } from 'express';
import type { Logger } from './logger.js';

declare module 'http' {
  interface IncomingMessage {
    /** The request's logger, carrying its id; set by `requestLogger`. */
    log?: Logger;
  }
}

/**
 * One log line per finished request, and `req.log` for handlers. Replaces pino-http, which
 * built a child logger and serialised the request on every call even at level `silent`
 * (about a third of a bare Express app's throughput here, see docs/performance.md).
 */
export function requestLogger(logger: Logger): RequestHandler {
  let sequence = 0;
  return (req, res, next) => {
    sequence = (sequence + 1) % Number.MAX_SAFE_INTEGER;
    const reqId = sequence;
    // A child only when something will be written: the error handler and webhook use it.
    Object.defineProperty(req, 'log', {
      configurable: true,
      get: () => {
        const child = logger.child({ reqId, method: req.method, url: req.originalUrl });
        Object.defineProperty(req, 'log', { value: child, configurable: true });
        return child;
      },
    });
    if (req.originalUrl === '/api/health' || !logger.isLevelEnabled('info')) return next();
    const started = process.hrtime.bigint();
    res.once('finish', () => {
      logger.info(
        {
          reqId,
          method: req.method,
          url: req.originalUrl,
          status: res.statusCode,
          ms: Number(process.hrtime.bigint() - started) / 1e6,
        },
        'request completed',
      );
    });
    next();
  };
}
