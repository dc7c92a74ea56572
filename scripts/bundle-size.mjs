#!/usr/bin/env node
// Reports the JavaScript the home route loads before it is interactive: the entry script and
// the modules its page preloads (the build's copy of index.html for home, .pages/home.html,
// else index.html), gzip-compressed. Lazy routes are not counted.
import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const dist = path.join(root, 'client', 'dist');

export function initialJs(distDir = dist) {
  const homePage = path.join(distDir, '.pages', 'home.html');
  const page = fs.existsSync(homePage) ? homePage : path.join(distDir, 'index.html');
  const html = fs.readFileSync(page, 'utf8');
  const files = new Set();
  for (const m of html.matchAll(/<script[^>]+src="([^"]+\.js)"/g)) files.add(m[1]);
  for (const m of html.matchAll(/<link[^>]+rel="modulepreload"[^>]+href="([^"]+\.js)"/g))
    files.add(m[1]);
  let raw = 0;
  let gzip = 0;
  const rows = [];
  for (const file of files) {
    const buf = fs.readFileSync(path.join(distDir, file.replace(/^\//, '')));
    const gz = zlib.gzipSync(buf, { level: 9 }).length;
    raw += buf.length;
    gzip += gz;
    rows.push({ file, kB: +(buf.length / 1024).toFixed(1), gzipKB: +(gz / 1024).toFixed(1) });
  }
  return { rows, rawKB: +(raw / 1024).toFixed(1), gzipKB: +(gzip / 1024).toFixed(1) };
}

/** The pages whose first load the bench reports (issue 27), by their route module. */
export const MEASURED_ROUTES = {
  home: 'src/app/routes/home.tsx',
  '/tools': 'src/app/routes/tools.tsx',
  '/tool/{id}': 'src/app/routes/tool.tsx',
  cart: 'src/app/routes/cart.tsx',
  checkout: 'src/app/routes/checkout.tsx',
  purchase: 'src/app/routes/purchase.tsx',
};

/**
 * The JavaScript each route needs before it can render: what index.html loads (the entry and its
 * preloads) plus the route's lazy chunk and every chunk it imports statically, from Vite's
 * manifest (`build.manifest`), gzip-compressed, and as the brotli copies the build writes
 * (`<file>.br`), which the server sends to browsers that take brotli.
 */
export function routeJs(routes = MEASURED_ROUTES, distDir = dist) {
  const manifest = JSON.parse(fs.readFileSync(path.join(distDir, '.vite/manifest.json'), 'utf8'));
  const html = fs.readFileSync(path.join(distDir, 'index.html'), 'utf8');
  const initial = new Set();
  for (const m of html.matchAll(/<script[^>]+src="\/([^"]+\.js)"/g)) initial.add(m[1]);
  for (const m of html.matchAll(/<link[^>]+rel="modulepreload"[^>]+href="\/([^"]+\.js)"/g))
    initial.add(m[1]);
  const gzipKB = (file) =>
    zlib.gzipSync(fs.readFileSync(path.join(distDir, file)), { level: 9 }).length / 1024;
  const brotliKB = (file) => {
    const copy = path.join(distDir, `${file}.br`);
    return fs.existsSync(copy) ? fs.statSync(copy).size / 1024 : gzipKB(file);
  };
  const closure = (key, into) => {
    const chunk = manifest[key];
    if (!chunk || into.has(chunk.file)) return;
    into.add(chunk.file);
    for (const imported of chunk.imports ?? []) closure(imported, into);
  };
  return Object.entries(routes).map(([route, source]) => {
    if (!manifest[source]) throw new Error(`bundle-size: ${source} is not in Vite's manifest`);
    const files = new Set(initial);
    closure(source, files);
    const sum = (size) => +[...files].reduce((total, file) => total + size(file), 0).toFixed(1);
    return { route, files: files.size, gzipKB: sum(gzipKB), brotliKB: sum(brotliKB) };
  });
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const report = initialJs();
  console.table(report.rows);
  console.log(
    `Home route initial JS: ${report.gzipKB} kB gzip (${report.rawKB} kB raw); target <= 150 kB gzip`,
  );
  console.table(routeJs());
}
