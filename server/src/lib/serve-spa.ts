import { readFileSync } from 'node:fs';
import fs from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import zlib from 'node:zlib';
import express, { type Request, type RequestHandler, type Response } from 'express';
import { createToolPageHtml, type ReadTool } from './tool-page-html.js';

const gzip = promisify(zlib.gzip);
// Text files worth compressing; images other than SVG are compressed already.
const COMPRESSIBLE = /\.(?:js|mjs|css|svg|json|txt|map|webmanifest)$/;

const IMMUTABLE = 'public, max-age=31536000, immutable';
const NOT_BUILT =
  'The client app has not been built yet. Run `npm run build` (or `npm start`) and reload.';

function decodePath(urlPath: string): string | undefined {
  try {
    return decodeURIComponent(urlPath);
  } catch {
    return undefined; // malformed escapes: left to express.static, which answers 400
  }
}

const exists = (file: string) =>
  fs.stat(file).then(
    (stat) => stat.isFile(),
    () => false,
  );

function isUnder(dir: string, file: string): boolean {
  const relative = path.relative(dir, file);
  return !relative.startsWith('..') && !path.isAbsolute(relative);
}

/**
 * Serves the SPA built by Vite from `clientDist`. Hashed files under /assets/ are cached for a
 * year; everything else, index.html above all, is revalidated so a deploy shows at once.
 * Any other GET/HEAD path gets index.html, so the client router shows the page or its 404.
 */
/**
 * Dot files and folders (Vite's `.vite/manifest.json`) belong to the build, not the site:
 * express.static ignores them, and so does the compressing path.
 */
function isHidden(root: string, file: string): boolean {
  return path
    .relative(root, file)
    .split(path.sep)
    .some((part) => part.startsWith('.'));
}

interface RoutePage {
  path?: string;
  prefix?: string;
  file: string;
  /** The page's first screen with placeholders, filled per request (tool-page-html.ts). */
  firstScreen?: string;
  /** The copy for a URL with a query, when `file`'s drawn first screen is the bare URL's. */
  withQuery?: string;
}

/**
 * The copies of index.html that the client build writes for the pages people land on, each
 * preloading its own route's chunks and first image (client/vite.config.ts, `routePages`).
 * None without them (an older build, tests): index.html answers every path, as before.
 */
function readRoutePages(root: string): RoutePage[] {
  let pages: RoutePage[];
  try {
    pages = JSON.parse(
      readFileSync(path.join(root, '.pages', 'routes.json'), 'utf8'),
    ) as RoutePage[];
  } catch {
    return [];
  }
  return pages.filter(
    (page) =>
      isUnder(root, path.join(root, page.file)) &&
      (!page.firstScreen || isUnder(root, path.join(root, page.firstScreen))) &&
      (!page.withQuery || isUnder(root, path.join(root, page.withQuery))),
  );
}

/**
 * `readTool` (the catalogue's read, as GET /api/tool/{id} answers): with it, a tool's page
 * comes with the tool in its HTML (tool-page-html.ts); one store read per page view.
 */
export function serveSpa(
  config: { clientDist: string },
  deps: { readTool?: ReadTool } = {},
): RequestHandler {
  const root = path.resolve(config.clientDist);
  const assetsDir = path.join(root, 'assets');
  const indexFile = path.join(root, 'index.html');
  const routePages = readRoutePages(root);
  const toolPage = routePages.find((p) => p.prefix && p.firstScreen);
  const { readTool } = deps;
  const toolPageHtml =
    toolPage?.prefix && toolPage.firstScreen && readTool
      ? createToolPageHtml({
          prefix: toolPage.prefix,
          pageFile: path.join(root, toolPage.file),
          firstScreenFile: path.join(root, toolPage.firstScreen),
          readTool,
        })
      : undefined;
  /**
   * The page's own copy of index.html if the build wrote one for its path, else index.html. A
   * URL with a query gets the copy without the bare URL's drawn first screen, if there is one
   * (`/tools?category=...` must not show all tools until React draws the category).
   */
  const pageFor = (urlPath: string, hasQuery: boolean) => {
    const page = routePages.find((p) =>
      p.prefix
        ? urlPath.startsWith(p.prefix) && urlPath.length > p.prefix.length
        : p.path === urlPath,
    );
    if (!page) return indexFile;
    return path.join(root, hasQuery && page.withQuery ? page.withQuery : page.file);
  };

  const files = express.static(root, {
    index: false,
    redirect: false,
    setHeaders: (res: Response, file: string) => {
      res.setHeader('Cache-Control', isUnder(assetsDir, file) ? IMMUTABLE : 'no-cache');
    },
  });

  // The shop answers browsers directly (`npm start`, one container) as well as behind a proxy,
  // so it compresses its own text files, once per file and build, kept in memory (the SPA is
  // small). Brotli where the build wrote it (`<file>.br`, client/vite.config.ts `precompress`):
  // 13-16% fewer bytes than gzip for the scripts, at a level too slow to reach for on the first
  // request after a deploy. Gzip, made here, for the rest and for browsers without brotli.
  const encoded = new Map<string, Promise<Buffer | undefined>>();
  const once = (key: string, make: () => Promise<Buffer | undefined>) => {
    let body = encoded.get(key);
    if (!body) {
      body = make();
      encoded.set(key, body);
      body.catch(() => encoded.delete(key)); // a file replaced mid-read is retried next time
    }
    return body;
  };
  /** The build's brotli copy of `file`, if there is one at least as new as the file. */
  const brotliOf = (file: string, mtimeMs: number) =>
    once(`br:${file}:${mtimeMs}`, async () => {
      const stat = await fs.stat(`${file}.br`).catch(() => undefined);
      return stat?.isFile() && stat.mtimeMs >= mtimeMs ? fs.readFile(`${file}.br`) : undefined;
    });
  const gzipOf = (file: string, mtimeMs: number) =>
    once(`gzip:${file}:${mtimeMs}`, async () => gzip(await fs.readFile(file), { level: 9 }));
  /** Sends `file` compressed if the browser takes brotli or gzip; false (nothing sent) otherwise. */
  const sendCompressed = async (
    req: Request,
    res: Response,
    file: string,
    cacheControl: string,
  ) => {
    // Asked one at a time: for equal weights the browser's order would win, and Chrome lists gzip
    // first.
    const takesBrotli = req.acceptsEncodings('br', 'identity') === 'br';
    const takesGzip = req.acceptsEncodings('gzip', 'identity') === 'gzip';
    if (!takesBrotli && !takesGzip) return false;
    const stat = await fs.stat(file).catch(() => undefined);
    if (!stat?.isFile()) return false;
    const brotli = takesBrotli ? await brotliOf(file, stat.mtimeMs) : undefined;
    if (!brotli && !takesGzip) return false;
    const bytes = brotli ?? (await gzipOf(file, stat.mtimeMs));
    res.vary('Accept-Encoding');
    res.type(path.extname(file));
    res.set({ 'Content-Encoding': brotli ? 'br' : 'gzip', 'Cache-Control': cacheControl });
    res.send(bytes);
    return true;
  };

  /** HTML made for this request: revalidated like the files, gzipped afresh (a few kB). */
  const sendHtml = async (req: Request, res: Response, html: string) => {
    res.vary('Accept-Encoding');
    res.type('html').set('Cache-Control', 'no-cache');
    if (req.acceptsEncodings('gzip', 'identity') === 'gzip') {
      res.set('Content-Encoding', 'gzip').send(await gzip(html));
    } else res.send(html);
  };

  const compressed: RequestHandler = async (req, res, next) => {
    if ((req.method !== 'GET' && req.method !== 'HEAD') || !COMPRESSIBLE.test(req.path))
      return next();
    const decoded = decodePath(req.path);
    const file = decoded === undefined ? undefined : path.join(root, path.normalize(decoded));
    if (!file || !isUnder(root, file) || isHidden(root, file)) return next();
    const cacheControl = isUnder(assetsDir, file) ? IMMUTABLE : 'no-cache';
    if (!(await sendCompressed(req, res, file, cacheControl))) next();
  };

  const fallback: RequestHandler = async (req, res, next) => {
    if (req.method !== 'GET' && req.method !== 'HEAD') return next();
    // A missing hashed asset is a stale client after a deploy: HTML in its place would only
    // surface as a confusing MIME-type error, so say 404 plainly.
    if (req.path.startsWith('/assets/')) {
      res.status(404).type('text/plain').send('Not found');
      return;
    }
    const filled = await toolPageHtml?.(req.path);
    if (filled !== undefined) {
      await sendHtml(req, res, filled);
      return;
    }
    const page = pageFor(req.path, req.originalUrl.includes('?'));
    if (await sendCompressed(req, res, page, 'no-cache')) return;
    // A page's copy gone missing (a build half-written) is answered by index.html.
    const file = page !== indexFile && !(await exists(page)) ? indexFile : page;
    // `dotfiles`: the copies live in .pages/ (which the static files never serve).
    res.sendFile(file, { headers: { 'Cache-Control': 'no-cache' }, dotfiles: 'allow' }, (err) => {
      const code = err && 'code' in err ? err.code : undefined;
      // No error, or the browser went away mid-file: nothing left to answer.
      if (!err || code === 'ECONNABORTED') return;
      if (code === 'ENOENT' && !res.headersSent) {
        res.status(503).set('Cache-Control', 'no-store').type('text/plain').send(NOT_BUILT);
        return;
      }
      next(err);
    });
  };

  // A `.br` copy is how its file travels, not a file of its own: asked for by name it is not
  // found (under /assets/, a 404; elsewhere the SPA's page, as for any unknown path).
  const staticFiles: RequestHandler = (req, res, next) =>
    req.path.endsWith('.br') ? next() : files(req, res, next);

  const router = express.Router();
  router.use(compressed, staticFiles, fallback);
  return router;
}
