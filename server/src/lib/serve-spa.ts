import path from 'node:path';
import express, { type RequestHandler, type Response } from 'express';

const IMMUTABLE = 'public, max-age=31536000, immutable';
const NOT_BUILT =
  'The client app has not been built yet. Run `npm run build` (or `npm start`) and reload.';

function isUnder(dir: string, file: string): boolean {
  const relative = path.relative(dir, file);
  return !relative.startsWith('..') && !path.isAbsolute(relative);
}

/**
 * Serves the SPA built by Vite from `clientDist`. Hashed files under /assets/ are cached for a
 * year; everything else, index.html above all, is revalidated so a deploy shows at once.
 * Any other GET/HEAD path gets index.html, so the client router shows the page or its 404.
 */
export function serveSpa(config: { clientDist: string }): RequestHandler {
  const root = path.resolve(config.clientDist);
  const assetsDir = path.join(root, 'assets');
  const indexFile = path.join(root, 'index.html');

  const files = express.static(root, {
    index: false,
    redirect: false,
    setHeaders: (res: Response, file: string) => {
      res.setHeader('Cache-Control', isUnder(assetsDir, file) ? IMMUTABLE : 'no-cache');
    },
  });

  const fallback: RequestHandler = (req, res, next) => {
    if (req.method !== 'GET' && req.method !== 'HEAD') return next();
    // A missing hashed asset is a stale client after a deploy: HTML in its place would only
    // surface as a confusing MIME-type error, so say 404 plainly.
    if (req.path.startsWith('/assets/')) {
      res.status(404).type('text/plain').send('Not found');
      return;
    }
    res.sendFile(indexFile, { headers: { 'Cache-Control': 'no-cache' } }, (err) => {
      const code = (err as NodeJS.ErrnoException | undefined)?.code;
      // No error, or the browser went away mid-file: nothing left to answer.
      if (!err || code === 'ECONNABORTED') return;
      if (code === 'ENOENT' && !res.headersSent) {
        res.status(503).set('Cache-Control', 'no-store').type('text/plain').send(NOT_BUILT);
        return;
      }
      next(err);
    });
  };

  const router = express.Router();
  router.use(files, fallback);
  return router;
}
